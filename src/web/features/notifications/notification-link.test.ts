// A notification's url: the site's own pages open in the app, other web addresses as links, and
// nothing else is followed.
import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-link';

const ORIGIN = 'https://gemcast.example';

describe('notificationTarget', () => {
  it('opens a path of the site in the app', () => {
    expect(notificationTarget('/contest/3', ORIGIN)).toEqual({ path: '/contest/3' });
  });

  it("opens the site's own full address in the app, keeping its query and hash", () => {
    expect(notificationTarget(`${ORIGIN}/live?from=mail#chat`, ORIGIN)).toEqual({ path: '/live?from=mail#chat' });
  });

  it('opens another web address as a link', () => {
    expect(notificationTarget('https://shop.example/ring', ORIGIN)).toEqual({ href: 'https://shop.example/ring' });
  });

  it('follows nothing for no url, a protocol-relative one, a script or nonsense', () => {
    expect(notificationTarget(null, ORIGIN)).toBeNull();
    expect(notificationTarget('', ORIGIN)).toBeNull();
    expect(notificationTarget('javascript:alert(1)', ORIGIN)).toBeNull();
    expect(notificationTarget('not a url', ORIGIN)).toBeNull();
    expect(notificationTarget('//evil.example/x', ORIGIN)).toBeNull();
  });
});
