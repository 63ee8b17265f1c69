import { lazy, Suspense } from "react";
import { useDisclosure } from "../../components/ui/use-disclosure.ts";
import type { PlatformLink } from "../../domain/catalog/platforms.ts";
import { MenuIcon } from "./icons.tsx";
import type { HeaderUser } from "./nav-links.ts";

const MobileDrawerPanel = lazy(() => import("./mobile-drawer-panel.tsx"));

/** The menu below the md breakpoint: the header's links (without Profile) in a side drawer. */
export function MobileDrawer({
  user,
  platforms,
}: {
  user: HeaderUser | null;
  platforms: readonly PlatformLink[];
}) {
  const { open, toggle, close, buttonRef, panelRef } = useDisclosure<HTMLDivElement>();

  return (
    <div className="md:hidden">
      <button
        ref={buttonRef}
        type="button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={open ? "mobile-drawer" : undefined}
        onClick={toggle}
        data-testid="mobile-menu-button"
        className="rounded-lg p-2 text-slate-700 hover:bg-slate-100"
      >
        <MenuIcon />
      </button>
      {open ? (
        <Suspense fallback={null}>
          <MobileDrawerPanel user={user} platforms={platforms} panelRef={panelRef} close={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
