import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Formik } from 'formik';
import { describe, expect, it, vi } from 'vitest';
import type { CompanyRef, ContactRef } from '../../api/generated/orders';
import { renderShared } from '../../test/renderShared';
import { CompanyField, ContactField, type RelationRules } from './RelationFields';

const bakery: CompanyRef = {
  id: 'c-1',
  name: 'Bageriet Grøn ApS',
  address: null,
  zipCode: null,
  city: 'Vejle',
};

const anna: ContactRef = {
  id: 'p-1',
  firstname: 'Anna',
  lastname: 'Berg',
  email: 'anna@example.dk',
  phone: null,
  mobile: null,
};

function renderCompany(value: CompanyRef | null, rules: RelationRules) {
  const onChange = vi.fn<(next: CompanyRef | null) => void>();
  renderShared(
    <Formik initialValues={{ company: value }} onSubmit={vi.fn()}>
      <CompanyField value={value} onChange={onChange} {...rules} />
    </Formik>,
  );
  return onChange;
}

describe('the relation fields', () => {
  it("show a removable company as a link with 'Fjern', which clears it", async () => {
    const onChange = renderCompany(bakery, { canChange: true, canRemove: true });
    expect(screen.getByRole('link', { name: 'Bageriet Grøn ApS' })).toHaveAttribute(
      'href',
      '/companies/c-1',
    );
    await userEvent.click(
      screen.getByRole('button', { name: 'Fjern virksomheden Bageriet Grøn ApS' }),
    );
    expect(onChange).toHaveBeenCalledWith(null);
  });

  it('keep a changeable company that cannot be removed in its picker, to pick another', () => {
    renderCompany(bakery, { canChange: true, canRemove: false });
    expect(screen.getByLabelText('Virksomhed')).toHaveValue('Bageriet Grøn ApS');
    expect(screen.queryByRole('link', { name: 'Bageriet Grøn ApS' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fjern/ })).not.toBeInTheDocument();
  });

  it('show a locked company as a link only', () => {
    renderCompany(bakery, { canChange: false, canRemove: false });
    expect(screen.getByRole('link', { name: 'Bageriet Grøn ApS' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Fjern/ })).not.toBeInTheDocument();
  });

  it('show nothing for a locked form without a company', () => {
    renderCompany(null, { canChange: false, canRemove: false });
    expect(screen.queryByText('Virksomhed')).not.toBeInTheDocument();
  });

  it('show the empty picker when a company can be chosen', () => {
    renderCompany(null, { canChange: true, canRemove: true });
    expect(screen.getByLabelText('Virksomhed')).toHaveValue('');
    expect(screen.getByPlaceholderText('Søg efter virksomhed')).toBeInTheDocument();
  });

  it('show a contact by name and e-mail, linked to the contact', () => {
    renderShared(
      <Formik initialValues={{ contact: anna }} onSubmit={vi.fn()}>
        <ContactField value={anna} onChange={vi.fn()} companyId={null} canChange canRemove />
      </Formik>,
    );
    expect(screen.getByRole('group', { name: 'Kontaktperson' })).toHaveTextContent(
      'Anna Berg, anna@example.dk',
    );
    expect(screen.getByRole('link', { name: 'Anna Berg, anna@example.dk' })).toHaveAttribute(
      'href',
      '/contacts/p-1',
    );
    expect(
      screen.getByRole('button', { name: 'Fjern kontaktpersonen Anna Berg' }),
    ).toBeInTheDocument();
  });
});
