// How the staff show screens put things into words: event types, platforms and time ranges in
// Los Angeles time.
import type { EventType } from '../../../../shared/contract/events';
import type { Platform } from '../../../../shared/contract/staff-events';
import { SHOW_TIME_ZONE } from '../../../../shared/time';

export const TYPE_LABELS: Record<EventType, string> = {
  show: 'Show',
  giveaway: 'Giveaway',
  specialshow: 'Special event',
};

export const PLATFORM_LABELS: Record<Platform, string> = {
  hls: 'HLS stream',
  youtube: 'YouTube',
  facebook: 'Facebook',
  agora: 'Agora',
};

/** What the stream field takes on each platform. */
export const STREAM_HINTS: Record<Platform, string> = {
  hls: 'An .m3u8 playlist, like https://stream.example.com/live/show.m3u8 or /media/demo/live.m3u8.',
  youtube: 'The video id (11 characters) or its youtube.com or youtu.be link.',
  facebook: 'The video link, like https://www.facebook.com/yourpage/videos/1234567890.',
  agora: 'The Agora channel name: letters, digits, - and _.',
};

const rangeFormat = new Intl.DateTimeFormat('en-US', {
  timeZone: SHOW_TIME_ZONE,
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** 'Sat, Jun 20, 2026, 7:00 – 8:30 PM PDT' (the day once when both ends fall on it). */
export function timeRange(startIso: string, endIso: string): string {
  const start = new Date(startIso);
  const end = new Date(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime()) || end < start) return '';
  return rangeFormat.formatRange(start, end);
}

/** One instant, as 'Sat, Jun 20, 2026, 7:00 PM PDT'. */
export function laTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : rangeFormat.format(at);
}

const ownZoneFormat = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

/** The same instant on the staff member's own clock, or '' when their clock is Los Angeles time. */
export function ownClock(iso: string): string {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime()) || ownZoneFormat.resolvedOptions().timeZone === SHOW_TIME_ZONE) return '';
  return ownZoneFormat.format(at);
}
