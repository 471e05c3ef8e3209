import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Participants } from './Participants';

describe('Participants', () => {
  it("lists who comes under 'Deltagere', companies and people by name", () => {
    render(
      <Participants
        participants={{
          list: [
            { name: 'Karens Tømrer ApS', company: true },
            { name: 'Bo Gæst', company: false },
            { name: 'Gitte Gæst', company: false },
          ],
          more: 0,
        }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Deltagere' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Deltagere' })).toBeVisible();
    const names = within(section)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['Karens Tømrer ApS', 'Bo Gæst', 'Gitte Gæst']);
    expect(section).not.toHaveTextContent('flere');
  });

  it('says how many more come than a long list names', () => {
    render(
      <Participants participants={{ list: [{ name: 'Bo Gæst', company: false }], more: 12 }} />,
    );
    expect(screen.getByText('og 12 flere')).toBeInTheDocument();
  });

  it('renders nothing when the event does not show its participants, or nobody comes yet', () => {
    const { container, rerender } = render(<Participants participants={null} />);
    expect(container).toBeEmptyDOMElement();
    expect(screen.queryByRole('region', { name: 'Deltagere' })).not.toBeInTheDocument();
    rerender(<Participants participants={{ list: [], more: 0 }} />);
    expect(container).toBeEmptyDOMElement();
  });
});
