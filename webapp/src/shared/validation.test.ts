import { describe, expect, it } from 'vitest';
import { yup } from './validation';

async function messageOf(schema: yup.AnySchema, value: unknown): Promise<string | null> {
  try {
    await schema.validate(value);
    return null;
  } catch (error) {
    return (error as yup.ValidationError).message;
  }
}

describe('the spec rule set with Danish messages', () => {
  it('required', async () => {
    expect(await messageOf(yup.string().label('Navn').required(), '')).toBe('Navn skal udfyldes');
    expect(await messageOf(yup.string().label('Navn').required(), 'Demo FC')).toBeNull();
  });

  it('email', async () => {
    const schema = yup.string().label('E-mail').email();
    expect(await messageOf(schema, 'not-an-email')).toBe(
      'E-mail skal være en gyldig e-mail adresse',
    );
    expect(await messageOf(schema, 'kunde@tribune.test')).toBeNull();
  });

  it('numeric', async () => {
    const schema = yup.string().label('Reg. nr.').numeric();
    expect(await messageOf(schema, '12a4')).toBe('Reg. nr. skal være et tal');
    expect(await messageOf(schema, '1234')).toBeNull();
    expect(await messageOf(schema, '')).toBeNull();
  });

  it('min_value and max_value with the spec texts', async () => {
    const schema = yup.string().label('Antal').decimal().minValue(1).maxValue(1000);
    expect(await messageOf(schema, '0')).toBe('Antal skal minimum være 1 eller mere');
    expect(await messageOf(schema, '1.000,5')).toBe('Antal må maksimalt være 1000 eller mindre');
    expect(await messageOf(schema, '999,99')).toBeNull();
  });

  it('min_value and max_value on numbers', async () => {
    const schema = yup.number().label('Antal').min(1).max(10);
    expect(await messageOf(schema, 0)).toBe('Antal skal minimum være 1 eller mere');
    expect(await messageOf(schema, 11)).toBe('Antal må maksimalt være 10 eller mindre');
  });

  it('max and min count characters', async () => {
    expect(await messageOf(yup.string().label('Fakturatekst').max(5), '123456')).toBe(
      'Fakturatekst må højst være 5 tegn',
    );
    expect(await messageOf(yup.string().label('Adgangskode').min(8), 'kort')).toBe(
      'Adgangskode skal mindst være 8 tegn',
    );
  });

  it('size is the largest file size in KB', async () => {
    const schema = yup.mixed().label('Logo').size(2);
    const small = new File([new Uint8Array(2048)], 'logo.png', { type: 'image/png' });
    const large = new File([new Uint8Array(2049)], 'logo.png', { type: 'image/png' });
    expect(await messageOf(schema, large)).toBe('Logo må højst være 2 KB');
    expect(await messageOf(schema, small)).toBeNull();
    expect(await messageOf(schema.nullable(), null)).toBeNull();
  });

  it('decimal takes a Danish comma', async () => {
    const schema = yup.string().label('Pris').decimal();
    expect(await messageOf(schema, '12.50')).toBe('Pris skal være et gyldigt tal.');
    expect(await messageOf(schema, '1.234,50')).toBeNull();
    expect(await messageOf(schema, '12,5')).toBeNull();
  });

  it('confirm compares with the other field', async () => {
    const schema = yup.object({
      password: yup.string(),
      confirmPassword: yup.string().label('Gentag adgangskode').confirm('password', 'Adgangskode'),
    });
    expect(await messageOf(schema, { password: 'hemmelig', confirmPassword: 'andet' })).toBe(
      'Gentag adgangskode skal matche Adgangskode',
    );
    expect(
      await messageOf(schema, { password: 'hemmelig', confirmPassword: 'hemmelig' }),
    ).toBeNull();
  });

  it('mimes and image check the file type', async () => {
    const picture = new File(['x'], 'logo.png', { type: 'image/png' });
    const pdf = new File(['x'], 'vilkaar.pdf', { type: 'application/pdf' });
    expect(await messageOf(yup.mixed().label('Logo').image(), pdf)).toBe(
      'Logo skal være et billede',
    );
    expect(await messageOf(yup.mixed().label('Logo').image(), picture)).toBeNull();
    expect(await messageOf(yup.mixed().label('Bilag').mimes(['pdf']), picture)).toBe(
      'Bilag skal være en fil af typen pdf',
    );
    expect(await messageOf(yup.mixed().label('Bilag').mimes(['pdf']), pdf)).toBeNull();
  });
});
