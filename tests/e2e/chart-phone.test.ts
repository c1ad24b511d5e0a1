/**
 * The multiple-intelligence radar is readable on a phone (spec 9: axis 0 to 18 in steps of 2):
 * on the public /chart page at 320, 390 and 1280 px, in English and Spanish, the radar takes the
 * width it is given and no point label is cut at the canvas's edges. Read from the canvas's
 * pixels, as a person sees it: with every score at 18 the data polygon is the outer ring, so its
 * width is the radar's diameter; each label is drawn in its type's colour, so a colour reaching
 * the canvas's left or right edge is a label cut off there.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { INTELLIGENCES } from '@/shared/intelligence/intelligences';
import { closeBrowser, newPage } from '../support/browser';

afterAll(closeBrowser);

/** The type colours as RGB triples (labels and points are drawn in them). */
const LABEL_COLOURS = INTELLIGENCES.map((t) => [
  parseInt(t.color.slice(1, 3), 16),
  parseInt(t.color.slice(3, 5), 16),
  parseInt(t.color.slice(5, 7), 16),
]);

/** What the canvas shows: its width, the radar's diameter and the label colours at its edges. */
interface Geometry {
  /** CSS px */
  canvasWidth: number;
  /** Width of the content box the radar's figure sits in, CSS px. */
  availableWidth: number;
  /** Width of the data polygon's border (every score 18: the radar's outer ring), CSS px. */
  diameter: number;
  /** Label colours found in the two outermost pixel columns on each side. */
  cutLabels: number;
}

async function measure(page: Page): Promise<Geometry> {
  const canvas = page.locator('figure canvas');
  await canvas.waitFor();
  // Drawn once the layout has settled (responsive charts redraw on resize).
  await page.waitForFunction(() => {
    const c = document.querySelector<HTMLCanvasElement>('figure canvas');
    return !!c && c.width > 0 && c.getBoundingClientRect().width > 0;
  });
  return canvas.evaluate((el: HTMLCanvasElement, colours: number[][]) => {
    const ctx = el.getContext('2d')!;
    const { width, height } = el;
    const scale = width / el.getBoundingClientRect().width;
    const data = ctx.getImageData(0, 0, width, height).data;
    const near = (i: number, [r, g, b]: number[], tolerance: number) =>
      Math.abs(data[i]! - r!) <= tolerance &&
      Math.abs(data[i + 1]! - g!) <= tolerance &&
      Math.abs(data[i + 2]! - b!) <= tolerance &&
      data[i + 3]! > 200;
    // The polygon's border: rgba(72, 95, 199, 0.8) over a transparent canvas (alpha 204).
    let left = width;
    let right = -1;
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const i = (y * width + x) * 4;
        if (
          Math.abs(data[i]! - 72) <= 12 &&
          Math.abs(data[i + 1]! - 95) <= 12 &&
          Math.abs(data[i + 2]! - 199) <= 12 &&
          data[i + 3]! >= 150
        ) {
          left = Math.min(left, x);
          right = Math.max(right, x);
        }
      }
    }
    let cutLabels = 0;
    colours.forEach((colour) => {
      let found = false;
      for (let y = 0; y < height && !found; y++) {
        for (const x of [0, 1, width - 2, width - 1]) {
          if (near((y * width + x) * 4, colour, 40)) found = true;
        }
      }
      if (found) cutLabels++;
    });
    const figure = el.closest('figure')!;
    const style = getComputedStyle(figure.parentElement!);
    const available =
      figure.parentElement!.clientWidth -
      parseFloat(style.paddingLeft) -
      parseFloat(style.paddingRight);
    return {
      canvasWidth: width / scale,
      availableWidth: available,
      diameter: right < left ? 0 : (right - left) / scale,
      cutLabels,
    };
  }, LABEL_COLOURS);
}

describe('the result chart on a phone', () => {
  it.each([
    ['en', 320],
    ['en', 390],
    ['es', 320],
    ['es', 390],
    ['en', 1280],
  ] as const)(
    '%s at %i px: the radar takes the width and every label shows',
    async (locale, width) => {
      const page = await newPage({ locale, width, height: 800 });
      await page.goto('/chart/18,18,18,18,18,18,18,18');
      const g = await measure(page);
      console.log(`chart ${locale} ${width}px: ${JSON.stringify(g)}`);
      // The canvas fills its column (up to the figure's 32rem cap on wide screens).
      expect(g.canvasWidth).toBeGreaterThanOrEqual(Math.min(g.availableWidth, 512) - 1);
      // The radar is at least half the canvas wide (it was about 130 of 300 px at 390).
      expect(g.diameter).toBeGreaterThanOrEqual(g.canvasWidth * 0.5);
      expect(g.cutLabels).toBe(0);
      await page.context().close();
    },
  );
});
