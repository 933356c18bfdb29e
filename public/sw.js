// Gemcast's service worker (decision 071): shows the web push messages the server sends and opens
// the page a notification is about when it is clicked. Nothing else: no caching, so the site never
// serves a stale copy of itself. Served at /sw.js with `cache-control: no-cache` (scope /).
// The payload is { title, body, url, tag, kind }; a second message with the same tag (the same show)
// replaces the first on the device: "live now" takes the place of "starting soon".

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The message as sent, or a plain one when it cannot be read (a push must always show something). */
function messageOf(data) {
  const fallback = { title: 'Gemcast', body: 'There is something new for you.', url: '/notifications', tag: 'gemcast' };
  if (!data) return fallback;
  try {
    const parsed = data.json();
    return {
      title: typeof parsed.title === 'string' ? parsed.title : fallback.title,
      body: typeof parsed.body === 'string' ? parsed.body : '',
      url: typeof parsed.url === 'string' ? parsed.url : fallback.url,
      tag: typeof parsed.tag === 'string' ? parsed.tag : fallback.tag,
    };
  } catch {
    return { ...fallback, body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const message = messageOf(event.data);
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      renotify: true,
      data: { url: message.url },
      icon: '/favicon.svg',
      badge: '/favicon.svg',
    }),
  );
});

/** Only our own pages: a path, or an address on this origin; anything else opens the home page. */
function sameOriginUrl(url) {
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.href : self.location.origin + '/';
  } catch {
    return self.location.origin + '/';
  }
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = sameOriginUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});
