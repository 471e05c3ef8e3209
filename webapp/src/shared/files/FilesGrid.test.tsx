import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { staffSession } from '../../test/staffSession';
import { fieldOf, filesOf, readMultipart, type MultipartPart } from '../../test/multipart';
import { renderShared } from '../../test/renderShared';
import { server } from '../../test/server';
import { FilesGrid } from './FilesGrid';
import type { StoredFile } from './types';

function stored(id: string, fileName: string, contentType: string): StoredFile {
  return {
    id,
    fileName,
    filePath: `/api/files/download/${id}`,
    contentType,
    size: 100,
    isImage: contentType.startsWith('image/'),
  };
}

/** GET/upload/delete of the files of company c-1, kept in memory like the server would. */
function serveFiles(initial: StoredFile[]) {
  let files = [...initial];
  const uploads: MultipartPart[][] = [];
  const deletes: string[] = [];
  server.use(
    http.get('/api/files/c-1', () => HttpResponse.json({ success: true, result: files })),
    http.post('/api/files/upload', async ({ request }) => {
      const parts = await readMultipart(request);
      uploads.push(parts);
      const added = filesOf(parts, 'files').map((part, index) =>
        stored(`n${uploads.length}-${index}`, part.filename ?? '', part.contentType ?? ''),
      );
      files = [...files, ...added];
      return HttpResponse.json({ success: true, result: added });
    }),
    http.delete('/api/files/:id', ({ params }) => {
      deletes.push(String(params.id));
      files = files.filter((file) => file.id !== params.id);
      return HttpResponse.json({ success: true });
    }),
    ...staffSession(),
  );
  return { uploads, deletes };
}

describe('the files grid', () => {
  it('previews pictures, downloads the others, and opens a larger preview', async () => {
    serveFiles([
      stored('f1', 'bane.JPG', 'image/jpeg'),
      stored('f2', 'plakat.webp', 'image/webp'),
      stored('f3', 'scan.tiff', 'image/tiff'),
      stored('f4', 'kontrakt.pdf', 'application/pdf'),
    ]);
    renderShared(<FilesGrid relationId="c-1" relationType="company" />);
    const grid = await screen.findByRole('list', { name: 'Filer' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(4));
    expect(within(grid).getByRole('img', { name: 'bane.JPG' })).toHaveAttribute(
      'src',
      '/api/files/download/f1',
    );
    expect(within(grid).getByRole('img', { name: 'plakat.webp' })).toBeInTheDocument();
    expect(within(grid).getByRole('img', { name: 'scan.tiff' })).toBeInTheDocument();
    expect(within(grid).queryByRole('img', { name: 'kontrakt.pdf' })).not.toBeInTheDocument();
    expect(within(grid).getByRole('link', { name: 'Download kontrakt.pdf' })).toHaveAttribute(
      'href',
      '/api/files/download/f4',
    );

    await userEvent.click(within(grid).getByRole('button', { name: 'Vis bane.JPG' }));
    const preview = await screen.findByRole('dialog', { name: 'bane.JPG' });
    expect(within(preview).getByRole('img', { name: 'bane.JPG' })).toHaveClass('tb-file-preview');
    await userEvent.click(within(preview).getByRole('button', { name: 'Luk' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('uploads several files at once', async () => {
    const { uploads } = serveFiles([]);
    renderShared(<FilesGrid relationId="c-1" relationType="company" />);
    expect(await screen.findByText('Ingen elementer blev fundet.')).toBeInTheDocument();
    await userEvent.upload(screen.getByLabelText('Upload filer'), [
      new File(['billede'], 'logo.png', { type: 'image/png' }),
      new File(['tekst'], 'noter.txt', { type: 'text/plain' }),
    ]);
    expect(await screen.findByText('2 filer blev uploadet')).toBeInTheDocument();
    const parts = uploads[0] ?? [];
    expect(filesOf(parts, 'files').map((part) => part.filename)).toEqual(['logo.png', 'noter.txt']);
    expect(fieldOf(parts, 'relationId')).toBe('c-1');
    expect(fieldOf(parts, 'relationType')).toBe('company');
    const grid = screen.getByRole('list', { name: 'Filer' });
    await waitFor(() => expect(within(grid).getAllByRole('listitem')).toHaveLength(2));
    expect(within(grid).getByRole('img', { name: 'logo.png' })).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    serveFiles([]);
    server.use(
      http.post('/api/files/upload', () =>
        HttpResponse.json(
          { success: false, error: 'Filtypen er ikke tilladt', errors: {} },
          { status: 422 },
        ),
      ),
    );
    renderShared(<FilesGrid relationId="c-1" relationType="company" />);
    await screen.findByText('Ingen elementer blev fundet.');
    await userEvent.upload(
      screen.getByLabelText('Upload filer'),
      new File(['MZ'], 'program.exe', { type: 'application/octet-stream' }),
    );
    expect(await screen.findByText('Filtypen er ikke tilladt')).toBeInTheDocument();
  });

  it('deletes a file after confirmation', async () => {
    const { deletes } = serveFiles([stored('f4', 'kontrakt.pdf', 'application/pdf')]);
    renderShared(<FilesGrid relationId="c-1" relationType="company" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Slet kontrakt.pdf' }));
    expect(
      await screen.findByText('Er du sikker på at du vil slette denne fil?'),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Fortryd' }));
    expect(deletes).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Slet kontrakt.pdf' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Bekræft' }));
    expect(await screen.findByText('Ingen elementer blev fundet.')).toBeInTheDocument();
    expect(deletes).toEqual(['f4']);
  });
});
