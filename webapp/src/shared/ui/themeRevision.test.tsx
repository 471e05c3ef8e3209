import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { announceThemeApplied, useThemeRevision } from './themeRevision';

function Shown() {
  return <output>{useThemeRevision()}</output>;
}

describe('the theme revision', () => {
  it('draws again what reads the theme when a new theme has loaded', () => {
    render(<Shown />);
    const before = Number(screen.getByRole('status').textContent);
    act(() => announceThemeApplied());
    expect(Number(screen.getByRole('status').textContent)).toBe(before + 1);
  });
});
