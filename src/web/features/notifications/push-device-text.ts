// What "Alerts on this device" says (push-device.tsx), in one place for the page and its journey test.
export const PUSH_DEVICE_TEXT = {
  heading: 'Alerts on this device',
  explain:
    'Get a notification on this phone or computer when a show you follow is about to start or goes live, even while Gemcast is closed. Each phone or computer is turned on by itself; choose which alerts you get in your notification settings.',
  unsupported:
    'This browser cannot show alerts from Gemcast. On an iPhone or iPad, add Gemcast to your Home Screen (Share, then Add to Home Screen) and turn alerts on from there. You still get alerts on the site and by e-mail.',
  denied:
    'Notifications from Gemcast are blocked in this browser. To get alerts here, allow notifications for this site in the browser’s site settings, then reload this page.',
  dismissed: 'No problem, alerts stay off. Press the button again whenever you like.',
  on: 'Alerts are on for this device.',
  off: 'Alerts are off for this device.',
  turnedOff: 'Alerts are off for this device. You can turn them on again at any time.',
  noPushService:
    'This browser could not set up alerts, so they are not on yet. A private window cannot get alerts; otherwise, please try again in a little while or use another browser.',
  turnOn: 'Turn on alerts',
  turnOff: 'Turn off alerts on this device',
  tryAgain: 'Try again',
} as const;
