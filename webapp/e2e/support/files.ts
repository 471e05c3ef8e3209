import { fileURLToPath } from 'node:url';
import type { Download } from '@playwright/test';
import ExcelJS from 'exceljs';

/** A file of e2e/fixtures. */
export function fixture(name: string): string {
  return fileURLToPath(new URL(`../fixtures/${name}`, import.meta.url));
}

/** The cell texts of the first worksheet of a downloaded workbook, row by row. */
export async function readWorkbook(download: Download): Promise<string[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const rows: string[][] = [];
  sheet.eachRow((row) => {
    const values = Array.isArray(row.values) ? row.values.slice(1) : [];
    rows.push(values.map((value) => (value === null || value === undefined ? '' : String(value))));
  });
  return rows;
}

/** The names of a downloaded workbook's worksheets, in order. */
export async function sheetNames(download: Download): Promise<string[]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  return workbook.worksheets.map((sheet) => sheet.name);
}
