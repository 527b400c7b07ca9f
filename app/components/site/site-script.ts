import { NAV_DELAYS_MS } from "~/domains/content/defaults";

/*
 * The one script of the public pages (docs/decisions/006-public-pages-without-react.md).
 * They are server-rendered HTML without React in the browser; this function adds what HTML
 * alone cannot do. It is serialised with .toString() into an inline <script nonce> at the
 * top of <body>, so it must stay self-contained: no imports, no helpers outside its body,
 * only what it is given as `options` (plain JSON).
 * Everything is wired by delegation on `document` at once, before the rest of the body is
 * parsed: a click works from the first paint, and an image that fails to load is seen
 * even if it fails before DOMContentLoaded.
 */

/** Spec §2: the section named by the hash ends 120 px under the top, 100 ms after display. */
export const HASH_SCROLL_OFFSET_PX = 120;
export const HASH_SCROLL_DELAY_MS = 100;

export interface SiteScriptOptions {
  delays: { hover: number; skip: number; close: number };
  hashOffset: number;
  hashDelay: number;
}

export function enhanceSite(options: SiteScriptOptions): void {
  const doc = document;
  const root = doc.documentElement;
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

  // Broken images (spec §8): the placeholder instead, without the <source> variants.
  function fallBack(img: HTMLImageElement) {
    const fallback = img.getAttribute("data-fallback");
    if (!fallback) return;
    img.removeAttribute("data-fallback");
    img.parentElement?.querySelectorAll("source").forEach((source) => source.remove());
    img.removeAttribute("srcset");
    img.src = fallback;
  }
  doc.addEventListener(
    "error",
    (event) => {
      if (event.target instanceof HTMLImageElement) fallBack(event.target);
    },
    true,
  );

  // The mobile menu (under 768 px): a popover its button opens without any script; this
  // keeps the button's state and label, and stands in where popovers are unknown.
  const popovers = "showPopover" in HTMLElement.prototype;
  function menuButton() {
    return doc.getElementById("menu-button");
  }
  function menuPanel() {
    return doc.getElementById("menu-mobile");
  }
  function showMenuState(open: boolean) {
    const button = menuButton();
    button?.setAttribute("aria-expanded", String(open));
    button?.setAttribute("aria-label", open ? "Fermer le menu" : "Ouvrir le menu");
  }
  function menuOpen() {
    const panel = menuPanel();
    if (!panel) return false;
    return popovers ? panel.matches(":popover-open") : panel.hasAttribute("open");
  }
  function setMenu(open: boolean) {
    const panel = menuPanel();
    if (!panel || open === menuOpen()) return;
    if (popovers) {
      // Its "toggle" event brings the button's state along.
      if (open) panel.showPopover();
      else panel.hidePopover();
      return;
    }
    panel.toggleAttribute("open", open);
    showMenuState(open);
  }
  // "toggle" does not bubble: heard while it goes down to the popover.
  doc.addEventListener(
    "toggle",
    (event) => {
      if (event.target === menuPanel()) showMenuState(menuOpen());
    },
    true,
  );

  // The Infos dropdown: hover delays of spec §9, click, keyboard, Escape.
  let infosBy: "hover" | "click" | "keyboard" | null = null;
  let openTimer = 0;
  let closeTimer = 0;
  let lastClosedAt = 0;
  function infosRoot() {
    return doc.querySelector<HTMLElement>("[data-infos-menu]");
  }
  function infosParts() {
    const box = infosRoot();
    const button = box?.querySelector<HTMLButtonElement>("button");
    const panel = button && doc.getElementById(button.getAttribute("aria-controls") ?? "");
    if (!box || !button || !panel) return null;
    return { box, button, panel, links: Array.from(panel.querySelectorAll("a")) };
  }
  function showInfos(by: "hover" | "click" | "keyboard") {
    window.clearTimeout(openTimer);
    window.clearTimeout(closeTimer);
    const parts = infosParts();
    if (!parts) return;
    infosBy = by;
    parts.button.setAttribute("aria-expanded", "true");
    parts.panel.parentElement?.classList.remove("hidden");
    parts.button.querySelector("svg")?.classList.add("rotate-180");
  }
  function hideInfos(focusButton = false) {
    window.clearTimeout(openTimer);
    window.clearTimeout(closeTimer);
    const parts = infosParts();
    if (!parts) return;
    if (infosBy) lastClosedAt = Date.now();
    infosBy = null;
    parts.button.setAttribute("aria-expanded", "false");
    parts.panel.parentElement?.classList.add("hidden");
    parts.button.querySelector("svg")?.classList.remove("rotate-180");
    if (focusButton) parts.button.focus();
  }
  function onInfosKey(event: KeyboardEvent) {
    const parts = infosParts();
    if (!parts) return;
    const all = parts.links;
    const index = all.indexOf(doc.activeElement as HTMLAnchorElement);
    const focusLink = (at: number) => all[(at + all.length) % all.length]?.focus();
    switch (event.key) {
      case "Escape":
        if (!infosBy) return;
        event.preventDefault();
        hideInfos(true);
        return;
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!infosBy) showInfos("keyboard");
        const down = event.key === "ArrowDown";
        focusLink(index === -1 ? (down ? 0 : -1) : index + (down ? 1 : -1));
        return;
      }
      case "Home":
      case "End":
        if (index === -1) return;
        event.preventDefault();
        focusLink(event.key === "Home" ? 0 : -1);
    }
  }
  doc.addEventListener(
    "pointerenter",
    (event) => {
      if (event.pointerType !== "mouse" || event.target !== infosRoot()) return;
      window.clearTimeout(closeTimer);
      if (infosBy) return;
      const skip = Date.now() - lastClosedAt < options.delays.skip;
      window.clearTimeout(openTimer);
      openTimer = window.setTimeout(() => showInfos("hover"), skip ? 0 : options.delays.hover);
    },
    true,
  );
  doc.addEventListener(
    "pointerleave",
    (event) => {
      if (event.pointerType !== "mouse" || event.target !== infosRoot()) return;
      window.clearTimeout(openTimer);
      if (infosBy !== "hover") return;
      closeTimer = window.setTimeout(() => hideInfos(), options.delays.close);
    },
    true,
  );
  doc.addEventListener("pointerdown", (event) => {
    const box = infosRoot();
    if (infosBy && box && !box.contains(event.target as Node)) hideInfos();
  });
  doc.addEventListener("focusout", (event) => {
    const box = infosRoot();
    if (!infosBy || !box || !box.contains(event.target as Node)) return;
    if (!box.contains(event.relatedTarget as Node | null)) hideInfos();
  });

  // The lightbox of articles and galleries: a modal <dialog> filled from its <template>.
  let opener: HTMLElement | null = null;
  function openLightbox(trigger: HTMLElement) {
    const dialog = trigger.closest("[data-lightbox-group]")?.querySelector("dialog");
    const template = dialog?.querySelector("template");
    if (!dialog || !template) return;
    const alt = trigger.getAttribute("data-alt") ?? "";
    const figure = template.content.cloneNode(true) as DocumentFragment;
    const img = figure.querySelector("img");
    if (img) {
      img.src = trigger.getAttribute("data-src") ?? "";
      img.alt = alt;
      img.width = Number(trigger.getAttribute("data-width")) || 1600;
      img.height = Number(trigger.getAttribute("data-height")) || 1000;
    }
    const caption = figure.querySelector("figcaption");
    if (caption) {
      if (alt) caption.textContent = alt;
      else caption.remove();
    }
    dialog.querySelector("figure")?.remove();
    dialog.append(figure);
    dialog.setAttribute("aria-label", alt ? `Image agrandie : ${alt}` : "Image agrandie");
    opener = trigger;
    dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-lightbox-close]")?.focus();
  }
  doc.addEventListener(
    "close",
    (event) => {
      const dialog = event.target;
      if (!(dialog instanceof HTMLDialogElement) || !dialog.closest("[data-lightbox-group]")) {
        return;
      }
      dialog.querySelector("figure")?.remove();
      opener?.focus();
      opener = null;
    },
    true,
  );
  function trapFocus(event: KeyboardEvent, dialog: HTMLDialogElement) {
    const focusable = Array.from(
      dialog.querySelectorAll<HTMLElement>(
        'button, [href], input, select, textarea, [tabindex]:not([tabindex="-1"])',
      ),
    );
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && doc.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && doc.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  doc.addEventListener("click", (event) => {
    const target = event.target as Element;
    if (!(target instanceof Element)) return;
    if (target.closest("#menu-button")) {
      // With popovers the button's popovertarget toggles the menu itself.
      if (!popovers) setMenu(!menuOpen());
      return;
    }
    // A link of the open menu closes it, even when it only changes the hash.
    if (target.closest("#menu-mobile a")) setMenu(false);
    const infosButton = target.closest("[data-infos-menu] > button");
    if (infosButton) {
      // A click right after a hover opened it keeps it open instead of closing it again.
      if (infosBy === "hover") showInfos("click");
      else if (infosBy) hideInfos();
      else showInfos("click");
      return;
    }
    const zoom = target.closest<HTMLElement>("[data-lightbox-open]");
    if (zoom) {
      openLightbox(zoom);
      return;
    }
    const dialog = target.closest("dialog");
    if (dialog && (target === dialog || target.closest("[data-lightbox-close]"))) {
      dialog.close();
      return;
    }
    if (target.closest("[data-print]")) {
      window.print();
      return;
    }
    const mapButton = target.closest<HTMLElement>("[data-map-src]");
    const placeholder = mapButton?.closest("[data-map-placeholder]");
    if (mapButton && placeholder) {
      const frame = doc.createElement("iframe");
      frame.src = mapButton.getAttribute("data-map-src") ?? "";
      frame.title = mapButton.getAttribute("data-map-title") ?? "";
      frame.loading = "lazy";
      frame.referrerPolicy = "no-referrer-when-downgrade";
      frame.className = "absolute inset-0 size-full border-0";
      placeholder.replaceWith(frame);
    }
  });

  doc.addEventListener("keydown", (event) => {
    const target = event.target as Element;
    const dialog = target instanceof Element ? target.closest("dialog") : null;
    if (dialog && event.key === "Tab") {
      trapFocus(event, dialog);
      return;
    }
    if (target instanceof Element && target.closest("[data-infos-menu]")) {
      onInfosKey(event);
      return;
    }
    if (event.key === "Escape" && menuOpen()) {
      setMenu(false);
      menuButton()?.focus();
    }
  });

  /**
   * Resolved once the page's images and fonts are in. Until then its layout still moves,
   * and the browser keeps putting the hash's target back where its own jump to it left it
   * (scroll-padding-top), undoing a scroll made earlier.
   */
  const loaded = new Promise<void>((resolve) => {
    if (doc.readyState === "complete") resolve();
    else window.addEventListener("load", () => resolve(), { once: true });
  }).then(() => doc.fonts?.ready);

  // A hash scrolls to its section with the spec's offset, under the fixed bar, 100 ms
  // after the page is displayed in full.
  function scrollToHash() {
    let id = "";
    try {
      id = decodeURIComponent(location.hash.replace(/^#/, ""));
    } catch {
      return; // A malformed hash names no section.
    }
    if (!id || id === "contenu") return;
    void loaded.then(() => window.setTimeout(() => place(id), options.hashDelay));
  }
  function place(id: string) {
    const section = doc.getElementById(id);
    if (!section) return;
    const top = section.getBoundingClientRect().top + window.scrollY - options.hashOffset;
    window.scrollTo({
      top: Math.max(0, top),
      behavior: reducedMotion.matches ? "auto" : "smooth",
    });
  }
  window.addEventListener("hashchange", scrollToHash);

  // The home page's background video: muted, looping, started unless motion is reduced.
  function startVideo(video: HTMLVideoElement) {
    function apply() {
      if (reducedMotion.matches) {
        video.pause();
        return;
      }
      video.muted = true;
      // A refused autoplay (data saver, policy) leaves the image in place.
      video.play().catch(() => {});
    }
    video.addEventListener("playing", () => {
      video.classList.remove("opacity-0");
      video.classList.add("opacity-100");
    });
    video.addEventListener("error", () => video.remove());
    apply();
    reducedMotion.addEventListener("change", apply);
  }

  function ready() {
    // Images that failed before this script was parsed, if any.
    doc.querySelectorAll<HTMLImageElement>("img[data-fallback]").forEach((img) => {
      if (img.complete && img.naturalWidth === 0 && img.currentSrc) fallBack(img);
    });
    // Buttons that need this script were rendered disabled; they work from now on.
    doc.querySelectorAll<HTMLButtonElement>("[data-needs-script]").forEach((button) => {
      button.disabled = false;
      button.removeAttribute("aria-busy");
      button.querySelector("[data-busy-icon]")?.remove();
      button.querySelector("[data-ready-icon]")?.classList.remove("hidden");
    });
    doc.querySelectorAll<HTMLVideoElement>("video[data-hero-video]").forEach(startVideo);
    showMenuState(menuOpen());
    scrollToHash();
    root.setAttribute("data-enhanced", "");
  }
  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", ready);
  else ready();
}

const OPTIONS: SiteScriptOptions = {
  delays: NAV_DELAYS_MS,
  hashOffset: HASH_SCROLL_OFFSET_PX,
  hashDelay: HASH_SCROLL_DELAY_MS,
};

/** The inline script's source: the function above, called with its options. */
export const SITE_SCRIPT = `(${enhanceSite.toString()})(${JSON.stringify(OPTIONS)});`;
