import { waitFor } from '@testing-library/react';

/** The toasts' container, once the first toast has loaded it (the app loads it with the first toast). */
export function findToasts(): Promise<HTMLElement> {
  return waitFor(() => {
    const toasts = document.querySelector('.p-toast');
    if (!(toasts instanceof HTMLElement)) throw new Error('no toast has been shown');
    return toasts;
  });
}
