// Whether /product-register is the booth tablet (?kiosk=1). The contract's PRODUCT_REGISTER_PATH
// and KIOSK_QUERY are repeated here (a test keeps them equal): the contract builds zod schemas as
// it loads, and the registration frame is in the first bundle, which stays zod-free.
export const REGISTER_PATH = '/product-register';
export const KIOSK_PARAM = 'kiosk';

export function isKioskSearch(search: URLSearchParams): boolean {
  return search.get(KIOSK_PARAM) === '1';
}
