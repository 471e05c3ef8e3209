import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from './Pager';

describe('Pager', () => {
  it("says 'x - y af N resultater'", () => {
    render(<Pager page={2} perPage={10} total={34} onPageChange={() => {}} />);
    expect(screen.getByText('11 - 20 af 34 resultater')).toBeInTheDocument();
  });

  it('has no pager for a single page', () => {
    render(<Pager page={1} perPage={10} total={7} onPageChange={() => {}} />);
    expect(screen.getByText('1 - 7 af 7 resultater')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Sider' })).not.toBeInTheDocument();
  });

  it('shows three number buttons and no first/last with three pages', () => {
    render(<Pager page={1} perPage={10} total={30} onPageChange={() => {}} />);
    const pager = screen.getByRole('navigation', { name: 'Sider' });
    expect(pager.querySelectorAll('button')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Første side' })).not.toBeInTheDocument();
  });

  it('adds first and last with more than three pages', async () => {
    const onPageChange = vi.fn();
    render(<Pager page={5} perPage={10} total={95} onPageChange={onPageChange} />);
    expect(screen.getByRole('button', { name: 'Side 4' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Side 5' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('button', { name: 'Side 6' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Sidste side' }));
    expect(onPageChange).toHaveBeenLastCalledWith(10);
    await userEvent.click(screen.getByRole('button', { name: 'Første side' }));
    expect(onPageChange).toHaveBeenLastCalledWith(1);
  });

  it('offers the page sizes 10/25/50/100/1000 when asked', async () => {
    const onPerPageChange = vi.fn();
    render(
      <Pager
        page={1}
        perPage={25}
        total={300}
        onPageChange={() => {}}
        pageSizeOptions={[10, 25, 50, 100, 1000]}
        onPerPageChange={onPerPageChange}
      />,
    );
    const select = screen.getByRole('combobox', { name: 'Antal pr. side' });
    expect([...select.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      '10',
      '25',
      '50',
      '100',
      '1000',
    ]);
    await userEvent.selectOptions(select, '100');
    expect(onPerPageChange).toHaveBeenCalledWith(100);
  });

  it('keeps the window of three inside the pages', () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
    expect(pageWindow(2, 2)).toEqual([1, 2]);
  });

  it('shows five links where asked (comments), first/last only beyond five pages', () => {
    const { rerender } = render(
      <Pager page={4} perPage={10} total={73} onPageChange={() => {}} links={5} />,
    );
    const pager = screen.getByRole('navigation', { name: 'Sider' });
    expect(
      Array.from(pager.querySelectorAll('button[aria-label^="Side"]')).map((b) => b.textContent),
    ).toEqual(['2', '3', '4', '5', '6']);
    expect(screen.getByRole('button', { name: 'Første side' })).toBeInTheDocument();
    rerender(<Pager page={1} perPage={10} total={50} onPageChange={() => {}} links={5} />);
    expect(screen.queryByRole('button', { name: 'Første side' })).not.toBeInTheDocument();
  });
});
