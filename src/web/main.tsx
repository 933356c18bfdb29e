// The web app's entry: fonts and styles, then the app (start-app.tsx). A page whose first screen the
// server rendered paints it first and asks for the app's code after that paint (decision 101);
// other pages ask at once.
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/lato/900.css';
import './styles/app.css';
import { FIRST_SCREEN_ATTRIBUTE } from '../shared/first-screen';
import { nextTask } from './lib/next-task';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

let started = false;
const start = () => {
  if (started) return;
  started = true;
  // Evaluating the app's modules is one task; starting it, the next (decision 108).
  void import('./start-app').then(async ({ startApp }) => {
    await nextTask();
    await startApp(container);
  });
};

/**
 * Calls `then` once the browser reports the first contentful paint, that is once the frame is on
 * screen, not only drawn. Where paints are not reported, a task queued from a frame callback runs
 * after the frame is drawn; and should no report come, the app starts after `SAFETY_MS` anyway.
 */
function afterFirstPaint(then: () => void) {
  const SAFETY_MS = 3000;
  setTimeout(then, SAFETY_MS);
  if (!PerformanceObserver.supportedEntryTypes.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

// A page opened in a background tab paints nothing until it is shown: it starts the app at once.
if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE) && document.visibilityState === 'visible') afterFirstPaint(start);
else start();
