import { clsx, type ClassValue } from 'clsx';
import { extendTailwindMerge } from 'tailwind-merge';

/**
 * tailwind-merge told about the theme's own names (app/globals.css @theme). Without this it reads
 * `text-small` as a text colour and drops it beside `text-brand-ink` (or the other way round),
 * and cannot tell that `px-gutter` and `px-0` are the same property.
 */
const twMerge = extendTailwindMerge({
  extend: {
    theme: {
      text: ['display', 'title', 'heading', 'body', 'small', 'caption'],
      spacing: ['gutter', 'section', 'card'],
      container: ['page'],
      radius: ['control', 'card'],
      shadow: ['card'],
    },
  },
});

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
