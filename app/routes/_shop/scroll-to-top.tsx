import { useEffect, useRef } from "react";
import { useLocation, useNavigationType } from "react-router";

/** Scrolls to the top when the path changes by a link or redirect; back/forward is left to ScrollRestoration. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  const previousPath = useRef(pathname);
  useEffect(() => {
    if (previousPath.current === pathname) return;
    previousPath.current = pathname;
    if (navigationType !== "POP") window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname, navigationType]);
  return null;
}
