import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { staffSession } from '../../test/staffSession';
import { staffUser } from '../../test/fixtures';
import { fieldOf, filesOf, readMultipart, type MultipartPart } from '../../test/multipart';
import { renderShared } from '../../test/renderShared';
import { server } from '../../test/server';
import { CommentsCard } from './CommentsCard';
import type { Comment } from './types';

function comment(id: string, overrides: Partial<Comment> = {}): Comment {
  return {
    id,
    text: `<p>Tekst ${id}</p>`,
    author: { firstname: 'Anna', lastname: 'Admin', picture: null },
    authorId: 'u1',
    createDate: '2025-06-05T10:00:00Z',
    unread: false,
    images: [],
    files: [],
    replies: [],
    origin: null,
    originUrl: null,
    ...overrides,
  };
}

interface Served {
  skips: number[];
  relations: (string | null)[];
  posts: MultipartPart[][];
  reads: string[];
  deletes: string[];
}

/** GET/POST /api/comments/c-1 and the read/delete calls; `total` top-level comments in all. */
function serveComments(total: number, firstPage: (skip: number) => Comment[]) {
  const served: Served = { skips: [], relations: [], posts: [], reads: [], deletes: [] };
  // The specific handlers come first: the first match answers.
  server.use(
    http.get('/api/comments/c-1', ({ request }) => {
      const url = new URL(request.url);
      const skip = Number(url.searchParams.get('skip'));
      served.skips.push(skip);
      served.relations.push(url.searchParams.get('relations'));
      const comments = firstPage(skip);
      return HttpResponse.json({
        success: true,
        comments,
        totalComments: total,
        unread: comments.filter((item) => item.unread).length,
      });
    }),
    http.post('/api/comments/c-1', async ({ request }) => {
      const parts = await readMultipart(request);
      served.posts.push(parts);
      return HttpResponse.json({ success: true, result: comment('new') });
    }),
    http.post('/api/comments/:id/read', ({ params }) => {
      served.reads.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
    http.delete('/api/comments/:id', ({ params }) => {
      served.deletes.push(String(params.id));
      return HttpResponse.json({ success: true });
    }),
    ...staffSession(),
  );
  return served;
}

function renderCard() {
  return renderShared(
    <CommentsCard
      entityId="c-1"
      originType="company"
      originUrl="/companies/c-1"
      relations={['p-1', 'p-2']}
    />,
  );
}

describe('the comments card', () => {
  it('pages 10 comments at a time with 5 page links', async () => {
    const served = serveComments(73, (skip) =>
      Array.from({ length: skip >= 70 ? 3 : 10 }, (_, index) => comment(`k${skip + index + 1}`)),
    );
    renderCard();
    expect(await screen.findByText('Tekst k1')).toBeInTheDocument();
    expect(served.relations[0]).toBe('p-1,p-2');
    const pages = screen.getByRole('navigation', { name: 'Sider' });
    expect(
      within(pages)
        .getAllByRole('button', { name: /^Side/ })
        .map((button) => button.textContent),
    ).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pages).getByRole('button', { name: 'Sidste side' })).toBeInTheDocument();
    await userEvent.click(within(pages).getByRole('button', { name: 'Side 3' }));
    expect(await screen.findByText('Tekst k21')).toBeInTheDocument();
    expect(served.skips.at(-1)).toBe(20);
    await userEvent.click(within(pages).getByRole('button', { name: 'Sidste side' }));
    expect(await screen.findByText('Tekst k71')).toBeInTheDocument();
    expect(served.skips.at(-1)).toBe(70);
    expect(screen.getByText('71 - 73 af 73 resultater')).toBeInTheDocument();
  });

  it('shows replies and replies to replies at one indented level, and sends a reply', async () => {
    const served = serveComments(1, () => [
      comment('top', {
        replies: [
          comment('svar1', {
            author: { firstname: 'Sofie', lastname: 'Staff', picture: null },
            authorId: staffUser.id,
            replies: [comment('svar2')],
          }),
        ],
      }),
    ]);
    renderCard();
    const replies = await screen.findByRole('list', { name: 'Svar' });
    expect(within(replies).getAllByRole('article')).toHaveLength(2);
    expect(within(replies).getByText('Tekst svar2')).toBeInTheDocument();

    const reply = within(replies).getByRole('article', { name: 'Kommentar fra Sofie Staff' });
    await userEvent.click(within(reply).getByRole('button', { name: 'Svar' }));
    const editor = await screen.findByRole('textbox', { name: 'Svar til Sofie Staff' });
    await userEvent.type(editor, 'Enig');
    await userEvent.click(screen.getByRole('button', { name: 'Send svar' }));
    expect(await screen.findByText('Kommentar tilføjet')).toBeInTheDocument();
    const parts = served.posts[0] ?? [];
    expect(fieldOf(parts, 'parentId')).toBe('svar1');
    expect(fieldOf(parts, 'text')).toBe('<p>Enig</p>');
    expect(fieldOf(parts, 'originId')).toBe('c-1');
    expect(fieldOf(parts, 'originUrl')).toBe('/companies/c-1');
    expect(fieldOf(parts, 'originType')).toBe('company');
    expect(fieldOf(parts, 'relations')).toBe('p-1,p-2');
    await waitFor(() =>
      expect(
        screen.queryByRole('textbox', { name: 'Svar til Sofie Staff' }),
      ).not.toBeInTheDocument(),
    );
  });

  it('can add a comment with only a picture, and not with nothing', async () => {
    const served = serveComments(0, () => []);
    renderCard();
    expect(await screen.findByText('Der er ingen kommentarer endnu.')).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Tilføj kommentar' });
    expect(add).toBeDisabled();
    const picture = new File([new Uint8Array([137, 80, 78, 71])], 'kamp.png', {
      type: 'image/png',
    });
    await userEvent.upload(screen.getByLabelText('Vedhæft billeder'), picture);
    expect(screen.getByRole('list', { name: 'Valgte billeder' })).toHaveTextContent('kamp.png');
    expect(add).toBeEnabled();
    await userEvent.click(add);
    expect(await screen.findByText('Kommentar tilføjet')).toBeInTheDocument();
    const parts = served.posts[0] ?? [];
    expect(fieldOf(parts, 'text')).toBe('');
    expect(filesOf(parts, 'picturesFiles')).toEqual([
      expect.objectContaining({ filename: 'kamp.png', contentType: 'image/png' }),
    ]);
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Valgte billeder' })).not.toBeInTheDocument(),
    );
  });

  it('marks an unread comment read, and lets only its author delete it after confirmation', async () => {
    const served = serveComments(2, () => [
      comment('mine', {
        authorId: staffUser.id,
        author: { firstname: 'Sofie', lastname: 'Staff', picture: null },
      }),
      comment('theirs', {
        unread: true,
        text: '<p>Hej <script>alert(1)</script><strong>alle</strong></p>',
        images: ['/api/files/download/i1'],
        files: [{ name: 'referat.pdf', url: '/api/files/download/f1' }],
        origin: 'Kontakt: Bo Bager',
        originUrl: '/contacts/p-1',
      }),
    ]);
    const { container } = renderCard();
    const theirs = await screen.findByRole('article', { name: 'Kommentar fra Anna Admin' });
    expect(within(theirs).getByText('Ulæst')).toBeInTheDocument();
    expect(within(theirs).getByText('alle').tagName).toBe('STRONG');
    expect(container.querySelector('script')).toBeNull();
    expect(within(theirs).getByRole('img', { name: 'Billede 1' })).toHaveAttribute(
      'src',
      '/api/files/download/i1',
    );
    expect(within(theirs).getByRole('link', { name: 'referat.pdf' })).toHaveAttribute(
      'href',
      '/api/files/download/f1',
    );
    expect(within(theirs).getByRole('link', { name: 'Kontakt: Bo Bager' })).toHaveAttribute(
      'href',
      '/contacts/p-1',
    );
    expect(within(theirs).queryByRole('button', { name: 'Slet' })).not.toBeInTheDocument();
    await userEvent.click(within(theirs).getByRole('button', { name: 'Markér som læst' }));
    await waitFor(() => expect(served.reads).toEqual(['theirs']));

    const mine = screen.getByRole('article', { name: 'Kommentar fra Sofie Staff' });
    await userEvent.click(within(mine).getByRole('button', { name: 'Slet' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne kommentar?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Kommentar slettet')).toBeInTheDocument();
    expect(served.deletes).toEqual(['mine']);
  });
});
