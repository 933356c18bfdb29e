import { describe, expect, it } from 'vitest';
import { detailsOf, offsetFromParam, priceText, replayDuration, replayTime, stockText } from './piece-words';

describe('priceText', () => {
  it('shows whole dollars without cents and other amounts with them', () => {
    expect(priceText(125_000)).toBe('$1,250');
    expect(priceText(125_050)).toBe('$1,250.50');
    expect(priceText(99)).toBe('$0.99');
    expect(priceText(100_000_000)).toBe('$1,000,000');
  });
});

describe('stockText', () => {
  it('says sold out at zero, how many are left when few, and in stock otherwise', () => {
    expect(stockText(0)).toBe('Sold out');
    expect(stockText(1)).toBe('Only 1 left');
    expect(stockText(2)).toBe('Only 2 left');
    expect(stockText(5)).toBe('Only 5 left');
    expect(stockText(6)).toBe('In stock');
  });
});

describe('detailsOf', () => {
  it('lists the filled-in details in order, the carat with its unit', () => {
    expect(detailsOf({ gemstone: 'Opal', carat: '1.25', metal: '14k gold', size: '7' })).toEqual([
      ['Gemstone', 'Opal'],
      ['Carat', '1.25 ct'],
      ['Metal', '14k gold'],
      ['Size', '7'],
    ]);
    expect(detailsOf({ gemstone: '', carat: '', metal: 'Silver', size: ' ' })).toEqual([['Metal', 'Silver']]);
  });
});

describe('replay times', () => {
  it('reads as minutes and seconds, with hours once past the first hour', () => {
    expect(replayTime(0)).toBe('0:00');
    expect(replayTime(65)).toBe('1:05');
    expect(replayTime(754)).toBe('12:34');
    expect(replayTime(3723)).toBe('1:02:03');
    expect(replayTime(-4)).toBe('0:00');
  });

  it('gives the duration for the time element', () => {
    expect(replayDuration(0)).toBe('PT0S');
    expect(replayDuration(60)).toBe('PT1M');
    expect(replayDuration(3723)).toBe('PT1H2M3S');
  });

  it('reads ?t= as seconds or a clock, and ignores anything else', () => {
    expect(offsetFromParam('754')).toBe(754);
    expect(offsetFromParam('12:34')).toBe(754);
    expect(offsetFromParam('1:02:03')).toBe(3723);
    expect(offsetFromParam(null)).toBeNull();
    expect(offsetFromParam('abc')).toBeNull();
    expect(offsetFromParam('1:99')).toBeNull();
    expect(offsetFromParam('-5')).toBeNull();
  });
});
