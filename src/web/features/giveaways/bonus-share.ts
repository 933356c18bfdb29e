// The rules behind the bonus-entry panel, kept pure so they are tested alone: the viewer's own
// link (the giveaway page with their invite code as refid), each network's share page, the
// entry total in words, and sharing through the device's share menu or, without one, the clipboard.
import type { Enrollment, SocialClickType } from '../../../shared/contract/giveaways';

/** The giveaway page with the viewer's invite code as `refid`, so visits and sign-ups it brings are theirs (spec §1). */
export function referralLink(origin: string, giveawayId: number, inviteCode: string): string {
  const url = new URL(`/giveaway/${giveawayId}`, origin);
  if (inviteCode.trim()) url.searchParams.set('refid', inviteCode.trim());
  return url.toString();
}

/** Networks with a share page that takes a link. Instagram takes none, and `link` is the share menu or clipboard. */
export const LINK_NETWORKS = ['facebook', 'x', 'pinterest', 'whatsapp', 'email'] as const satisfies SocialClickType[];
export type LinkNetwork = (typeof LINK_NETWORKS)[number];

export function networkShareUrl(type: LinkNetwork, link: string, title: string): string {
  const url = encodeURIComponent(link);
  const text = encodeURIComponent(`Enter "${title}" with me`);
  switch (type) {
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}`;
    case 'x':
      return `https://x.com/intent/post?url=${url}&text=${text}`;
    case 'pinterest':
      return `https://www.pinterest.com/pin/create/button/?url=${url}&description=${text}`;
    case 'whatsapp':
      return `https://wa.me/?text=${text}%20${url}`;
    case 'email':
      return `mailto:?subject=${text}&body=${url}`;
  }
}

/** '3 entries: 1 entry + 2 bonus'; '1 entry, no bonus entries yet'; '' before entering. */
export function entryTotalText(enrollment: Pick<Enrollment, 'exists' | 'entries'>): string {
  if (!enrollment.exists) return '';
  const bonus = enrollment.entries - 1;
  if (bonus <= 0) return '1 entry, no bonus entries yet';
  return `${enrollment.entries} entries: 1 entry + ${bonus} bonus`;
}

/** What sharing came to: shared through the menu, copied, cancelled by the viewer, or impossible here. */
export type ShareOutcome = 'shared' | 'copied' | 'cancelled' | 'failed';

/** The parts of `navigator` sharing uses, so tests can pass their own. */
export type ShareDevice = {
  share?: (data: ShareData) => Promise<void>;
  clipboard?: { writeText: (text: string) => Promise<void> };
};

const isAbort = (error: unknown) => error instanceof Error && error.name === 'AbortError';

/**
 * The device's share menu where there is one; otherwise, or when the menu is refused (not
 * cancelled), the link goes to the clipboard.
 */
export async function shareOrCopy(
  device: ShareDevice,
  data: { title: string; text: string; url: string },
): Promise<ShareOutcome> {
  if (device.share) {
    try {
      await device.share(data);
      return 'shared';
    } catch (error) {
      if (isAbort(error)) return 'cancelled';
    }
  }
  if (!device.clipboard) return 'failed';
  try {
    await device.clipboard.writeText(data.url);
    return 'copied';
  } catch {
    return 'failed';
  }
}
