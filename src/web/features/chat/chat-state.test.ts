import { describe, expect, it } from 'vitest';
import type { ChatMessage, ServerFrame } from '../../../shared/contract/chat';
import { CHAT_MESSAGES } from '../../../shared/contract/chat';
import {
  CLEARED_TEXT,
  RESUMED_TEXT,
  chatReducer,
  initialChatState,
  isMuted,
  isPausedForMe,
  type ChatState,
} from './chat-state';
import { mentionsMe, splitMentions } from './mention';

const message = (id: number, text = `m${id}`): ChatMessage => ({
  id,
  room: 'lobby',
  userId: 2,
  name: 'Opal K.',
  isStaff: false,
  text,
  createdAt: '2026-06-15T18:00:00.000Z',
});
const welcome = (
  history: ChatMessage[],
  extra: Partial<Extract<ServerFrame, { type: 'welcome' }>> = {},
): ServerFrame => ({
  type: 'welcome',
  room: { room: 'lobby', title: 'Lobby', isOpen: true, slowModeSeconds: 0 },
  me: { userId: 1, name: 'Amber N.', isStaff: false, mutedUntil: null },
  history,
  reset: true,
  deleted: [],
  pinned: null,
  members: 3,
  winners: [],
  ...extra,
});
const apply = (state: ChatState, ...frames: ServerFrame[]) =>
  frames.reduce((s, frame) => chatReducer(s, { type: 'frame', frame }), state);

describe('chat state', () => {
  it('goes live on the welcome with its history and member count', () => {
    const state = apply(initialChatState, welcome([message(1), message(2)]));
    expect([state.status, state.messages.map((m) => m.id), state.members, state.lastSeenId]).toEqual([
      'live',
      [1, 2],
      3,
      2,
    ]);
  });

  it('merges a catch-up without duplicates and drops what staff deleted meanwhile', () => {
    let state = apply(initialChatState, welcome([message(1), message(2)]), { type: 'message', message: message(3) });
    state = chatReducer(state, { type: 'status', status: 'reconnecting' });
    state = apply(state, welcome([message(3), message(4), message(5)], { reset: false, deleted: [2] }), {
      type: 'message',
      message: message(5),
    });
    expect(state.messages.map((m) => m.id)).toEqual([1, 3, 4, 5]);
    expect(state.lastSeenId).toBe(5);
  });

  it('replaces the list on a reset, removes deleted messages and their pin', () => {
    let state = apply(initialChatState, welcome([message(1)]), { type: 'pinned', message: message(1) });
    expect(state.pinned?.id).toBe(1);
    state = apply(state, { type: 'deleted', id: 1 });
    expect([state.messages, state.pinned]).toEqual([[], null]);
    state = apply(state, welcome([message(300)]));
    expect(state.messages.map((m) => m.id)).toEqual([300]);
  });

  it('keeps the own mute state and ends on a ban, staying ended when the socket closes', () => {
    let state = apply(initialChatState, welcome([]), { type: 'mute_state', mutedUntil: '2026-06-15T18:10:00.000Z' });
    expect(isMuted(state.me, new Date('2026-06-15T18:05:00Z'))).toBe(true);
    expect(isMuted(state.me, new Date('2026-06-15T18:15:00Z'))).toBe(false);
    state = apply(state, { type: 'error', code: 'banned', message: 'You can no longer take part in chat.' });
    state = chatReducer(state, { type: 'status', status: 'reconnecting' });
    expect([state.status, state.statusNote]).toEqual(['ended', 'You can no longer take part in chat.']);
  });

  it("knows the show's winners from the welcome, and replaces them when staff draw again", () => {
    let state = apply(initialChatState, welcome([message(1)], { winners: [2] }));
    expect([...state.winners]).toEqual([2]);
    state = apply(state, { type: 'winners', userIds: [5, 7] });
    expect([...state.winners]).toEqual([5, 7]);
    state = apply(state, welcome([], { reset: false, winners: [] }));
    expect(state.winners.size).toBe(0);
  });

  it("shows a guessing game's reveal as an info notice (decision 058)", () => {
    const state = apply(initialChatState, welcome([]), {
      type: 'guess',
      questionid: 4,
      text: 'The answer was 2.35 ct. Congratulations Opal K.!',
    });
    expect(state.notice).toMatchObject({ tone: 'info', text: 'The answer was 2.35 ct. Congratulations Opal K.!' });
  });

  it('shows refusals as error notices and staff confirmations as info', () => {
    let state = apply(initialChatState, welcome([]), {
      type: 'notice',
      code: 'muted',
      message: 'You are muted.',
      clientId: 'c1',
    });
    expect(state.notice).toMatchObject({ tone: 'error', text: 'You are muted.', clientId: 'c1' });
    state = apply(state, { type: 'notice', code: 'moderated', message: 'Message deleted.' });
    expect(state.notice).toMatchObject({ tone: 'info', text: 'Message deleted.' });
  });

  it('empties the list and its pin when staff clear the room, and says so', () => {
    const state = apply(
      initialChatState,
      welcome([message(1), message(2)]),
      { type: 'pinned', message: message(2) },
      { type: 'cleared' },
    );
    expect([state.messages, state.pinned]).toEqual([[], null]);
    expect(state.notice).toMatchObject({ tone: 'info', text: CLEARED_TEXT });
    expect(apply(state, { type: 'message', message: message(3) }).messages.map((m) => m.id)).toEqual([3]);
  });

  it('keeps viewers from posting while the room is paused, saying so once each way; staff may post', () => {
    const room = { type: 'room', slowModeSeconds: 0, isOpen: true } as const;
    let state = apply(initialChatState, welcome([]), { ...room, paused: true });
    expect(isPausedForMe(state)).toBe(true);
    expect(state.notice).toMatchObject({ tone: 'info', text: CHAT_MESSAGES.paused });
    const key = state.notice?.key;
    state = apply(state, { ...room, paused: true });
    expect(state.notice?.key).toBe(key);
    state = apply(state, { ...room, paused: false });
    expect([isPausedForMe(state), state.notice?.text]).toEqual([false, RESUMED_TEXT]);

    const paused = welcome([], {
      room: { room: 7, title: 'Opal Hour', isOpen: true, slowModeSeconds: 0, paused: true },
    });
    expect(isPausedForMe(apply(initialChatState, paused))).toBe(true);
    const staff = apply(
      initialChatState,
      welcome([], { me: { userId: 9, name: 'Host', isStaff: true, mutedUntil: null } }),
      {
        ...room,
        paused: true,
      },
    );
    expect([isPausedForMe(staff), staff.notice]).toEqual([false, null]);
  });

  it("shows a 'paused' refusal like the other notices", () => {
    const state = apply(initialChatState, welcome([]), {
      type: 'notice',
      code: 'paused',
      message: CHAT_MESSAGES.paused,
      clientId: 'c2',
    });
    expect(state.notice).toMatchObject({ tone: 'error', text: CHAT_MESSAGES.paused, clientId: 'c2' });
  });

  it('keeps announcements among the messages with their kind', () => {
    const announcement: ChatMessage = { ...message(4, 'Free shipping tonight!'), isStaff: true, kind: 'announcement' };
    const state = apply(initialChatState, welcome([message(1)]), { type: 'message', message: announcement });
    expect(state.messages.at(-1)).toMatchObject({ id: 4, kind: 'announcement' });
  });

  it('keys each change of the piece on air, and counts welcomes so a rejoin can be told', () => {
    const piece = {
      id: 3,
      name: 'Opal ring',
      gemstone: 'Opal',
      carat: '1.2',
      metal: 'Gold',
      size: '7',
      price_cents: 50_000,
      stock: 2,
      photos: [],
    };
    let state = apply(initialChatState, welcome([]), { type: 'now_showing', eventid: 7, piece });
    const first = state.nowShowing;
    expect(first).toMatchObject({ eventid: 7, piece: { id: 3 } });
    state = apply(state, { type: 'now_showing', eventid: 7, piece: null });
    expect(state.nowShowing?.piece).toBeNull();
    expect(state.nowShowing?.key).not.toBe(first?.key);
    expect(state.joins).toBe(1);
    state = apply(state, welcome([], { reset: false }));
    expect(state.joins).toBe(2);
  });
});

describe('mentions', () => {
  it('highlights @ plus the first name or the whole chat name, in any case', () => {
    expect(splitMentions('hi @amber, look', 'Amber N.')).toEqual([
      { text: 'hi ', isMention: false },
      { text: '@amber', isMention: true },
      { text: ', look', isMention: false },
    ]);
    expect(mentionsMe('@Amber N. wins!', 'Amber N.')).toBe(true);
    expect(mentionsMe('@Amberly hello', 'Amber N.')).toBe(false);
    expect(mentionsMe('amber without the at', 'Amber N.')).toBe(false);
    expect(splitMentions('<b>@Amber</b>', 'Amber N.').map((p) => p.text)).toEqual(['<b>', '@Amber', '</b>']);
  });
});
