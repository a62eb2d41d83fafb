import { createContext, type ReactNode, type TouchEvent, useContext, useRef } from "react";
import { Modal, ModalOverlay, OverlayTriggerStateContext } from "react-aria-components";

/** How many modals stand below this one: each one above sits 2 higher (spec §9). */
const ModalDepth = createContext(0);
const BASE_Z = 1000;

/** Spec §9: a downward swipe closes the sheet past 10% of its height, or as a flick within 300 ms. */
const SWIPE_SHARE = 0.1;
const FLICK_MS = 300;
const FLICK_MIN_PX = 24;

/**
 * The page's modal layer (React Aria: focus held inside and returned, Escape and a click outside
 * close it, the page behind does not scroll): centred on a desk, a sheet from the bottom on a phone
 * that a downward swipe closes. A modal opened from inside another stacks 2 above it.
 */
export function ModalSheet({
  children,
  isOpen,
  onOpenChange,
  className = "max-w-md",
}: {
  children: ReactNode;
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Width and height limits of the sheet. */
  className?: string;
}) {
  const depth = useContext(ModalDepth);
  return (
    <ModalOverlay
      isDismissable
      {...(isOpen === undefined ? {} : { isOpen })}
      {...(onOpenChange ? { onOpenChange } : {})}
      style={{ zIndex: BASE_Z + 2 * depth }}
      className="fixed inset-0 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4"
    >
      <Modal
        className={`max-h-[90vh] w-full overflow-y-auto rounded-t-2xl bg-white p-5 pb-[max(1.25rem,env(safe-area-inset-bottom))] shadow-xl sm:rounded-2xl ${className}`}
      >
        <ModalDepth.Provider value={depth + 1}>
          <SwipeToClose>{children}</SwipeToClose>
        </ModalDepth.Provider>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * Follows a finger dragging the sheet down, and closes it past the distance or on a flick. Touch
 * events, not pointer events: they keep coming while the browser pans, so a drag is never cut short.
 */
function SwipeToClose({ children }: { children: ReactNode }) {
  const state = useContext(OverlayTriggerStateContext);
  const start = useRef<{ y: number; t: number; dy: number } | null>(null);
  const sheetOf = (el: HTMLElement) => el.parentElement ?? el;
  const move = (el: HTMLElement, dy: number) => {
    sheetOf(el).style.transition = dy ? "none" : "";
    sheetOf(el).style.transform = dy ? `translateY(${dy}px)` : "";
  };
  return (
    <div
      data-swipe-to-close=""
      onTouchStart={(e: TouchEvent<HTMLDivElement>) => {
        // One finger, and only when the sheet is scrolled to its top (else the finger scrolls it).
        const touch = e.touches[0];
        if (e.touches.length !== 1 || !touch || sheetOf(e.currentTarget).scrollTop > 0) return;
        start.current = { y: touch.clientY, t: e.timeStamp, dy: 0 };
      }}
      onTouchMove={(e: TouchEvent<HTMLDivElement>) => {
        const s = start.current;
        const touch = e.touches[0];
        if (!s || !touch) return;
        s.dy = Math.max(0, touch.clientY - s.y);
        move(e.currentTarget, s.dy);
      }}
      onTouchEnd={(e: TouchEvent<HTMLDivElement>) => {
        const s = start.current;
        start.current = null;
        if (!s) return;
        const height = sheetOf(e.currentTarget).getBoundingClientRect().height;
        move(e.currentTarget, 0);
        const far = s.dy >= height * SWIPE_SHARE;
        const flick = e.timeStamp - s.t <= FLICK_MS && s.dy >= FLICK_MIN_PX;
        if (far || flick) state?.close();
      }}
      onTouchCancel={(e: TouchEvent<HTMLDivElement>) => {
        start.current = null;
        move(e.currentTarget, 0);
      }}
    >
      {children}
    </div>
  );
}
