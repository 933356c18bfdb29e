// "Skip to content": the first thing a keyboard reaches on every page, hidden until focused; it
// leads to the page's <main id="main" tabIndex={-1}> (the shell's, and the onboarding screen's).
export const MAIN_ID = 'main';

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-secondary px-4 py-2 font-bold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50"
    >
      Skip to content
    </a>
  );
}
