// /chat and /agora-chat (viewers only): the show chat's page, with the show it belongs to (on air
// now, else the next one).
import { LiveNow } from './live-now';

export default function ChatPage() {
  return (
    <>
      <header className="mx-auto max-w-6xl px-4 pt-8 sm:pt-12">
        <h1 className="text-3xl font-black text-ink sm:text-4xl">Show chat</h1>
        <p className="mt-2 max-w-2xl text-lg text-muted">Each live show has its own chat room, where you talk with the hosts and with other viewers while the show runs.</p>
      </header>
      <LiveNow headingLevel={2} />
    </>
  );
}
