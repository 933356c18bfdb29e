// The functions the third-party tags put on window once loaded (see third-party.ts).
export {};

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: (...args: unknown[]) => void;
    clarity?: ((...args: unknown[]) => void) & { q?: unknown[] };
    fbq?: (...args: unknown[]) => void;
  }
}
