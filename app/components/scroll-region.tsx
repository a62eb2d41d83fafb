import type { ReactNode } from "react";

/**
 * A wide table's box that scrolls sideways on a narrow screen: a named region the keyboard can
 * reach (Tab, then the arrow keys scroll it), so no row or column is out of a keyboard user's reach.
 */
export function ScrollRegion({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    // A named section is a region to assistive technology.
    <section
      aria-label={label}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take focus to be scrolled by keyboard
      tabIndex={0}
      className={`overflow-x-auto focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 ${className}`}
    >
      {children}
    </section>
  );
}
