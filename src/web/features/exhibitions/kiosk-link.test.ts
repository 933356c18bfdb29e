import { describe, expect, it } from 'vitest';
import { KIOSK_QUERY, PRODUCT_REGISTER_PATH } from '../../../shared/contract/exhibitions';
import { KIOSK_PARAM, REGISTER_PATH, isKioskSearch } from './kiosk-link';

describe('the booth tablet link', () => {
  it('uses the contract’s path and kiosk parameter', () => {
    expect(REGISTER_PATH).toBe(PRODUCT_REGISTER_PATH);
    expect(KIOSK_PARAM).toBe(KIOSK_QUERY);
  });

  it('is the booth frame only with kiosk=1', () => {
    expect(isKioskSearch(new URLSearchParams('exhibition=tucson-2027&kiosk=1'))).toBe(true);
    expect(isKioskSearch(new URLSearchParams('exhibition=tucson-2027&kiosk=0'))).toBe(false);
    expect(isKioskSearch(new URLSearchParams('exhibition=tucson-2027'))).toBe(false);
  });
});
