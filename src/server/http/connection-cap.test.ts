import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { connectionCap } from './connection-cap';

/** A stand-in TCP socket that closes when told. */
function socket() {
  const emitter = new EventEmitter();
  return Object.assign(emitter, {
    destroyed: false,
    close() {
      this.destroyed = true;
      emitter.emit('close');
    },
  });
}

describe('connection cap', () => {
  it('admits up to the limit per address, then refuses, and admits again once one closes', () => {
    const cap = connectionCap(2);
    const [a, b, c] = [socket(), socket(), socket()];
    expect(cap.admit('10.0.0.1', a)).toBe(true);
    expect(cap.admit('10.0.0.1', b)).toBe(true);
    expect(cap.admit('10.0.0.1', c)).toBe(false);
    expect(cap.admit('10.0.0.2', c)).toBe(true);
    expect([cap.openFrom('10.0.0.1'), cap.openFrom('10.0.0.2')]).toEqual([2, 1]);
    a.close();
    expect(cap.openFrom('10.0.0.1')).toBe(1);
    expect(cap.admit('10.0.0.1', socket())).toBe(true);
  });

  it('counts a refused socket for nothing, and a closed socket once', () => {
    const cap = connectionCap(1);
    const held = socket();
    const refused = socket();
    expect(cap.admit('10.0.0.1', held)).toBe(true);
    expect(cap.admit('10.0.0.1', refused)).toBe(false);
    refused.close();
    expect(cap.openFrom('10.0.0.1')).toBe(1);
    held.close();
    held.emit('close');
    expect(cap.openFrom('10.0.0.1')).toBe(0);
    expect(cap.admit('10.0.0.1', socket())).toBe(true);
  });

  it('holds no slot for a socket that is already gone', () => {
    const cap = connectionCap(1);
    const gone = socket();
    gone.close();
    expect(cap.admit('10.0.0.1', gone)).toBe(true);
    expect(cap.openFrom('10.0.0.1')).toBe(0);
  });
});
