// The web app's entry: fonts and styles, then the app (start-app.tsx). A page whose first screen the
// server rendered paints it first and asks for the app's code after that paint (decision 101);
// other pages ask at once.
import '@fontsource/lato/400.css';
import '@fontsource/lato/700.css';
import '@fontsource/lato/900.css';
import './styles/app.css';
import { FIRST_SCREEN_ATTRIBUTE } from '../shared/first-screen';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const start = () => void import('./start-app').then(({ startApp }) => startApp(container));
// A frame callback runs just before the next paint; a task queued from it runs after that paint. A
// page opened in a background tab paints nothing (and gets no frame callbacks) until it is shown.
if (container.hasAttribute(FIRST_SCREEN_ATTRIBUTE) && document.visibilityState === 'visible')
  requestAnimationFrame(() => setTimeout(start));
else start();
