// Test support: an operation's section on a Redoc page, opened by its anchor and read as a reader sees it.
import type { Page } from 'playwright-core';

/** The section Redoc renders for the operation at a route. */
export const operationSection = (route: string): string =>
  `[data-item-kind="httpItem"][data-section-id="${route}"]`;

export interface SectionRead {
  /** The section's text as shown (innerText); '' when there is no such section. */
  text: string;
  /** The routes of every operation section on the page at that moment. */
  rendered: string[];
}

/**
 * Goes to a route of the open Redoc page (hash navigation, no reload; none when `go` is false) and waits until
 * the operation's section (Redoc renders a tag's sections once it is navigated to) holds all these words; returns
 * its text either way, with the operation sections then on the page. One round trip: the page waits on its own
 * DOM changes and reads the text at most once a frame while they come, not on a timer.
 */
export function openSection(
  page: Page,
  route: string,
  words: string[],
  { go = true, timeout = 10_000 }: { go?: boolean; timeout?: number } = {},
): Promise<SectionRead> {
  return page.evaluate(
    ({ route, selector, words, go, timeout }) =>
      new Promise<SectionRead>((resolve) => {
        let frame = 0;
        const read = (): SectionRead => ({
          // biome-ignore lint/performance/useDomNodeTextContent: the text as shown is what a reader sees
          text: (document.querySelector(selector) as HTMLElement | null)?.innerText ?? '',
          rendered: [...document.querySelectorAll('[data-item-kind="httpItem"][data-section-id]')].map(
            (n) => n.getAttribute('data-section-id') as string,
          ),
        });
        const finish = (result: SectionRead) => {
          observer.disconnect();
          clearTimeout(timer);
          cancelAnimationFrame(frame);
          resolve(result);
        };
        const check = () => {
          frame = 0;
          const section = document.querySelector(selector) as HTMLElement | null;
          // textContent first: it costs no layout, and the words cannot be shown before they are in the DOM
          if (!section || !words.every((w) => section.textContent?.includes(w))) return;
          const result = read();
          if (words.every((w) => result.text.includes(w))) finish(result);
        };
        const observer = new MutationObserver(() => {
          if (!frame) frame = requestAnimationFrame(check);
        });
        const timer = setTimeout(() => finish(read()), timeout);
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          characterData: true,
          attributes: true,
        });
        if (go) window.location.hash = route;
        frame = requestAnimationFrame(check);
      }),
    { route, selector: operationSection(route), words, go, timeout },
  );
}
