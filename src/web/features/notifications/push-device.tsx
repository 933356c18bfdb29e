// "Alerts on this device" (decision 071): turns web push on for this browser (asks permission,
// registers /sw.js, subscribes with the server's VAPID key, stores the subscription) and off again,
// and says plainly when the browser cannot, when notifications are blocked and when it failed.
// Loaded on demand with the page that shows it, so none of this is in the first screen's bundle.
import { useCallback, useEffect, useId, useState } from 'react';
import { pushCalls } from '../../../shared/contract/push';
import { ApiError, apiCall, errorMessage, recordOf } from '../../api/client';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { PUSH_DEVICE_TEXT } from './push-device-text';

type DeviceState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'denied' }
  | { kind: 'off'; notice?: string }
  | { kind: 'on'; notice?: string }
  | { kind: 'failed'; message: string };

function isSupported(): boolean {
  return window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, index) => byte === b[index]);
}

/** Stores the subscription for the viewer signed in now (a device used by another account moves here). */
async function saveSubscription(subscription: PushSubscription): Promise<void> {
  const p256dh = subscription.getKey('p256dh');
  const auth = subscription.getKey('auth');
  const base64url = (key: ArrayBuffer) =>
    btoa(String.fromCharCode(...new Uint8Array(key)))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  if (!p256dh || !auth) throw new Error('the subscription has no keys');
  await apiCall(pushCalls.subscribe, {
    body: {
      endpoint: subscription.endpoint,
      expirationTime: subscription.expirationTime,
      keys: { p256dh: base64url(p256dh), auth: base64url(auth) },
    },
  });
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The server's message for a refused call; our own words when the browser's push service failed. */
function failureText(error: unknown): string {
  return error instanceof ApiError ? errorMessage(error) : PUSH_DEVICE_TEXT.noPushService;
}

export function PushDeviceToggle() {
  const headingId = useId();
  const [state, setState] = useState<DeviceState>({ kind: 'checking' });
  const [isBusy, setIsBusy] = useState(false);

  useEffect(() => {
    if (!isSupported()) return setState({ kind: 'unsupported' });
    if (Notification.permission === 'denied') return setState({ kind: 'denied' });
    let isCurrent = true;
    const settle = (next: DeviceState) => {
      if (isCurrent) setState(next);
    };
    // A device already subscribed is stored again, so it belongs to whoever is signed in now.
    currentSubscription()
      .then(async (subscription) => {
        if (!subscription || Notification.permission !== 'granted') return settle({ kind: 'off' });
        await saveSubscription(subscription);
        settle({ kind: 'on' });
      })
      .catch((error: unknown) => settle({ kind: 'failed', message: failureText(error) }));
    return () => {
      isCurrent = false;
    };
  }, []);

  const turnOn = useCallback(async () => {
    setIsBusy(true);
    try {
      const permission = await Notification.requestPermission();
      if (permission === 'denied') return setState({ kind: 'denied' });
      if (permission !== 'granted') return setState({ kind: 'off', notice: PUSH_DEVICE_TEXT.dismissed });
      const [registration, key] = await Promise.all([
        navigator.serviceWorker
          .register('/sw.js', { scope: '/', updateViaCache: 'none' })
          .then(() => navigator.serviceWorker.ready),
        apiCall(pushCalls.key).then((answer) => keyBytes(recordOf(answer).public_key)),
      ]);
      let subscription = await registration.pushManager.getSubscription();
      // A subscription made for another key (the server's keys were replaced) cannot be sent to.
      if (subscription && !sameBytes(subscription.options.applicationServerKey, key)) {
        await subscription.unsubscribe();
        subscription = null;
      }
      subscription ??= await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
      await saveSubscription(subscription);
      setState({ kind: 'on', notice: PUSH_DEVICE_TEXT.on });
    } catch (error) {
      setState({ kind: 'failed', message: failureText(error) });
    } finally {
      setIsBusy(false);
    }
  }, []);

  const turnOff = useCallback(async () => {
    setIsBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        await apiCall(pushCalls.unsubscribe, { body: { endpoint: subscription.endpoint } });
        await subscription.unsubscribe();
      }
      setState({ kind: 'off', notice: PUSH_DEVICE_TEXT.turnedOff });
    } catch (error) {
      setState({ kind: 'failed', message: failureText(error) });
    } finally {
      setIsBusy(false);
    }
  }, []);

  return (
    <section
      aria-labelledby={headingId}
      aria-busy={state.kind === 'checking' || isBusy}
      className="flex flex-col gap-3 rounded-xl border border-line bg-white p-5"
      data-testid="push-device"
    >
      <h2 id={headingId} className="text-lg font-black text-ink">
        {PUSH_DEVICE_TEXT.heading}
      </h2>
      <p className="text-muted">{PUSH_DEVICE_TEXT.explain}</p>
      {state.kind === 'unsupported' && <Alert tone="info">{PUSH_DEVICE_TEXT.unsupported}</Alert>}
      {state.kind === 'denied' && <Alert tone="info">{PUSH_DEVICE_TEXT.denied}</Alert>}
      {state.kind === 'failed' && <Alert tone="error">{state.message}</Alert>}
      {(state.kind === 'on' || state.kind === 'off') && (
        <Alert tone={state.kind === 'on' ? 'success' : 'info'}>
          {state.notice ?? (state.kind === 'on' ? PUSH_DEVICE_TEXT.on : PUSH_DEVICE_TEXT.off)}
        </Alert>
      )}
      {state.kind === 'on' && (
        <Button variant="outline" className="sm:self-start" isBusy={isBusy} onClick={() => void turnOff()}>
          {PUSH_DEVICE_TEXT.turnOff}
        </Button>
      )}
      {(state.kind === 'off' || state.kind === 'failed') && (
        <Button className="sm:self-start" isBusy={isBusy} onClick={() => void turnOn()}>
          {state.kind === 'failed' ? PUSH_DEVICE_TEXT.tryAgain : PUSH_DEVICE_TEXT.turnOn}
        </Button>
      )}
    </section>
  );
}
