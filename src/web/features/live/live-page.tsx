// /live, /live/{platform} and /live-agora (viewers only): the show on air now with the time left,
// or the next show with the time until it starts. The player and chat plug in above the details.
import { LiveNow } from './live-now';

export default function LivePage() {
  return <LiveNow />;
}
