import { describe, expect, it } from 'vitest';
import { deviceType, region, resolution, routeId } from './visit-facts';

describe('deviceType', () => {
  it('calls a screen of 700 px or less mobile, anything wider desktop', () => {
    expect(deviceType(375)).toBe('mobile');
    expect(deviceType(700)).toBe('mobile');
    expect(deviceType(701)).toBe('desktop');
    expect(deviceType(1280)).toBe('desktop');
  });
});

describe('resolution', () => {
  it('writes width * height in whole pixels', () => {
    expect(resolution(1280, 800)).toBe('1280 * 800');
    expect(resolution(374.6, 740)).toBe('375 * 740');
  });
});

describe('region', () => {
  it('joins the zone name and its abbreviation for the date, daylight saving included', () => {
    expect(region('America/Los_Angeles', new Date('2024-07-01T12:00:00Z'))).toBe('America/Los_Angeles | PDT');
    expect(region('America/Los_Angeles', new Date('2024-01-15T12:00:00Z'))).toBe('America/Los_Angeles | PST');
    expect(region('UTC', new Date('2024-01-15T12:00:00Z'))).toBe('UTC | UTC');
  });

  it('keeps the name alone for a zone the browser does not know', () => {
    expect(region('Nowhere/Special')).toBe('Nowhere/Special | ');
  });
});

describe('routeId', () => {
  it('takes the id from a path that ends in digits', () => {
    expect(routeId('/past/42')).toBe('42');
    expect(routeId('/giveaway/success/7')).toBe('7');
    expect(routeId('/exhibition-thanks/120/')).toBe('120');
  });

  it('gives an empty id to any other path', () => {
    expect(routeId('/home')).toBe('');
    expect(routeId('/')).toBe('');
    expect(routeId('/live/youtube')).toBe('');
    expect(routeId('/past/4a2')).toBe('');
  });
});
