import { ChevronDown } from "lucide-react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type PointerEvent } from "react";
import { flushSync } from "react-dom";
import { NavLink, useLocation } from "react-router";
import { NAV_DELAYS_MS } from "~/content/defaults";

export interface NavEntry {
  label: string;
  path: string;
}

type OpenedBy = "hover" | "click" | "keyboard";

/**
 * The "Infos" disclosure of the top bar (spec §2, delays of §9): opens on hover after
 * 200 ms, at once when the pointer comes back within 300 ms of a close, closes 150 ms
 * after the pointer leaves; a click or Enter toggles it, Escape closes it and gives the
 * focus back to its button, the arrow keys move between its links.
 */
export function InfosMenu({ label, items }: { label: string; items: NavEntry[] }) {
  const location = useLocation();
  const panelId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLUListElement>(null);
  const openTimer = useRef<number | undefined>(undefined);
  const closeTimer = useRef<number | undefined>(undefined);
  const lastClosedAt = useRef(0);
  // Opened for one location only: any navigation closes it without an effect.
  const [openState, setOpenState] = useState<{ key: string; by: OpenedBy } | null>(null);
  const open = openState?.key === location.key;
  const current = items.some(
    (item) => location.pathname === item.path || location.pathname.startsWith(`${item.path}/`),
  );

  function clearTimers() {
    window.clearTimeout(openTimer.current);
    window.clearTimeout(closeTimer.current);
  }

  function show(by: OpenedBy) {
    clearTimers();
    setOpenState({ key: location.key, by });
  }

  function hide({ focusButton = false } = {}) {
    clearTimers();
    if (open) lastClosedAt.current = Date.now();
    setOpenState(null);
    if (focusButton) buttonRef.current?.focus();
  }

  useEffect(() => clearTimers, []);

  // A press anywhere else closes it.
  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: globalThis.PointerEvent) {
      const root = buttonRef.current?.parentElement;
      if (root && !root.contains(event.target as Node)) {
        lastClosedAt.current = Date.now();
        setOpenState(null);
      }
    }
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [open]);

  function onPointerEnter(event: PointerEvent) {
    if (event.pointerType !== "mouse") return;
    window.clearTimeout(closeTimer.current);
    if (open) return;
    const skip = Date.now() - lastClosedAt.current < NAV_DELAYS_MS.skip;
    window.clearTimeout(openTimer.current);
    openTimer.current = window.setTimeout(() => show("hover"), skip ? 0 : NAV_DELAYS_MS.hover);
  }

  function onPointerLeave(event: PointerEvent) {
    if (event.pointerType !== "mouse") return;
    window.clearTimeout(openTimer.current);
    if (!open || openState?.by !== "hover") return;
    closeTimer.current = window.setTimeout(() => hide(), NAV_DELAYS_MS.close);
  }

  function onButtonClick() {
    // A click right after a hover opened it keeps it open instead of closing it again.
    if (open && openState?.by === "hover") show("click");
    else if (open) hide();
    else show("click");
  }

  function links(): HTMLAnchorElement[] {
    return Array.from(panelRef.current?.querySelectorAll("a") ?? []);
  }

  function focusLink(index: number) {
    const all = links();
    all[(index + all.length) % all.length]?.focus();
  }

  function onKeyDown(event: KeyboardEvent) {
    const all = links();
    const index = all.indexOf(document.activeElement as HTMLAnchorElement);
    switch (event.key) {
      case "Escape":
        if (!open) return;
        event.preventDefault();
        hide({ focusButton: true });
        return;
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) flushSync(() => show("keyboard"));
        const down = event.key === "ArrowDown";
        focusLink(index === -1 ? (down ? 0 : -1) : index + (down ? 1 : -1));
        return;
      }
      case "Home":
      case "End":
        if (index === -1) return;
        event.preventDefault();
        focusLink(event.key === "Home" ? 0 : -1);
        return;
    }
  }

  return (
    <div
      className="relative"
      onPointerEnter={onPointerEnter}
      onPointerLeave={onPointerLeave}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        if (open && !event.currentTarget.contains(event.relatedTarget as Node | null)) hide();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onButtonClick}
        className={`flex items-center gap-1 rounded-md px-2.5 py-2 text-sm font-semibold transition-colors hover:text-teal focus-light lg:px-3 ${
          current ? "text-teal" : "text-white"
        }`}
      >
        {label}
        <ChevronDown
          aria-hidden="true"
          className={`size-4 transition-transform duration-200 ${open ? "rotate-180" : ""}`}
        />
      </button>
      <div className={`absolute right-0 top-full pt-2 ${open ? "" : "hidden"}`}>
        <ul
          ref={panelRef}
          id={panelId}
          className="w-60 overflow-hidden rounded-xl bg-white py-2 text-ink shadow-2xl ring-1 ring-ink/10"
        >
          {items.map((item) => (
            <li key={item.path}>
              <NavLink
                to={item.path}
                className={({ isActive }) =>
                  `block border-l-4 px-4 py-2.5 text-sm font-medium transition-colors hover:bg-teal-light focus-visible:bg-teal-light ${
                    isActive
                      ? "border-teal-dark bg-teal-light/60 text-teal-dark"
                      : "border-transparent"
                  }`
                }
              >
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
