// The footer: logo, tagline, back-to-top and the copyright line (spec §2).
import { Logo } from '../ui/logo';

export function SiteFooter() {
  return (
    <footer className="border-t border-line bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <Logo />
          <p className="max-w-sm text-muted">Where entertainment meets beautiful jewelry and amazing prices.</p>
        </div>
        <div className="flex flex-col gap-2 sm:items-end">
          <button
            type="button"
            className="-mx-1 self-start rounded-md px-1 font-bold text-primary underline-offset-4 hover:underline sm:self-end"
            onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
          >
            Back to top
          </button>
          <p className="text-sm text-muted">© 2024 Gemcast. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
