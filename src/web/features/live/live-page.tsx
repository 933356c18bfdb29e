// /live and /live/{platform} (viewers only): the show on air with its player, viewer count, time
// left and today's giveaway; when nothing is on air, the next show with its countdown and RSVP. {platform}
// and ?reachby= say how the viewer came. /live-agora shares this route module and plays the show
// through Agora instead.
import { useLocation, useParams, useSearchParams } from 'react-router';
import { RsvpButton } from '../rsvp/rsvp-button';
import { AgoraLive } from './agora-live';
import { LiveNow } from './live-now';
import { reachbyFrom } from './live-rules';
import { LiveShow } from './live-show';

export default function LivePage() {
  const { pathname } = useLocation();
  const { platform } = useParams();
  const [search] = useSearchParams();
  const reachby = reachbyFrom(platform, search.get('reachby'));
  if (pathname === '/live-agora') return <AgoraLive reachby={reachbyFrom('agora', search.get('reachby'))} />;
  return (
    <LiveNow
      onAir={(show) => <LiveShow show={show} reachby={reachby} />}
      nextShowAction={(show) => <RsvpButton event={show} />}
    />
  );
}
