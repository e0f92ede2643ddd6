import { Checkbox, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { createTestServices, TestProviders } from '../../test/render.tsx';
import { AdminFormActions } from './admin-form-actions.tsx';
import type { FieldErrors } from './admin-forms.ts';
import { useAdminForm, type CheckedValues } from './use-admin-form.ts';

interface Contact {
  name: string;
  email: string;
  phone: string;
  news: boolean;
}

/** A name, and an email or a phone number: the last a rule of the whole form. */
function checkContact({ name, email, phone, news }: Contact): CheckedValues<Contact> {
  const errors: FieldErrors = {};
  if (name.trim() === '') errors.name = 'Enter a name';
  if (email !== '' && !email.includes('@')) errors.email = 'Enter an email address';
  if (email === '' && phone === '') errors[''] = 'Give an email or a phone number';
  if (Object.keys(errors).length > 0) return { errors };
  return { body: { name: name.trim(), email, phone, news }, errors };
}

function ContactForm({ save }: { save: (body: Contact) => Promise<Contact> }) {
  const action = useMutation({ mutationFn: (body: Contact) => save(body) });
  const form = useAdminForm({
    initialValues: { name: '', email: '', phone: '', news: false },
    action,
    check: checkContact,
  });
  return (
    <form
      aria-label="Contact"
      noValidate
      onSubmit={form.onSubmit((body) => {
        action.mutate(body);
      })}
    >
      <TextInput label="Name" required {...form.field('name')} />
      <TextInput label="Email" {...form.field('email')} />
      <TextInput label="Phone" {...form.field('phone')} />
      <Checkbox label="Send news" {...form.checkbox('news')} />
      <AdminFormActions form={form} submitLabel="Save" />
    </form>
  );
}

function setup(save: (body: Contact) => Promise<Contact>) {
  render(
    <TestProviders services={createTestServices()}>
      <ContactForm save={save} />
    </TestProviders>,
  );
  return userEvent.setup();
}

const refused = (message: string, status: number) => () =>
  Promise.reject<Contact>(new ApiError(message, status));

describe('useAdminForm', () => {
  it('shows what is wrong at each field before sending, and sends nothing', async () => {
    const save = vi.fn((body: Contact) => Promise.resolve(body));
    const person = setup(save);
    await person.type(screen.getByLabelText('Email'), 'ada');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Enter a name');
    expect(screen.getByLabelText('Email')).toHaveAccessibleDescription('Enter an email address');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(save).not.toHaveBeenCalled();
  });

  it('shows a rule of the whole form above the buttons, and sends nothing', async () => {
    const save = vi.fn((body: Contact) => Promise.resolve(body));
    const person = setup(save);
    await person.type(screen.getByLabelText(/^Name/), 'Ada');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Give an email or a phone number');
    expect(save).not.toHaveBeenCalled();
  });

  it('sends the body the values make', async () => {
    const save = vi.fn((body: Contact) => Promise.resolve(body));
    const person = setup(save);
    await person.type(screen.getByLabelText(/^Name/), ' Ada ');
    await person.type(screen.getByLabelText('Phone'), '555 0110');
    await person.click(screen.getByRole('checkbox', { name: 'Send news' }));
    await person.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(save).toHaveBeenCalledWith({ name: 'Ada', email: '', phone: '555 0110', news: true });
    });
  });

  it('shows the server’s refusal of one field at that field', async () => {
    const person = setup(refused('Invalid request: body.email: Enter a real email address', 400));
    await person.type(screen.getByLabelText(/^Name/), 'Ada');
    await person.type(screen.getByLabelText('Email'), 'ada@nowhere');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => {
      expect(screen.getByLabelText('Email')).toHaveAccessibleDescription(
        'Enter a real email address',
      );
    });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows any other refusal above the buttons and keeps what was typed', async () => {
    const person = setup(refused('A contact with this name exists already', 409));
    await person.type(screen.getByLabelText(/^Name/), 'Ada');
    await person.type(screen.getByLabelText('Phone'), '555 0110');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A contact with this name exists already',
    );
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Ada');
    expect(screen.getByLabelText('Phone')).toHaveValue('555 0110');
  });

  it('answers a new try for itself: the last refusal goes when the values are checked again', async () => {
    const person = setup(refused('A contact with this name exists already', 409));
    await person.type(screen.getByLabelText(/^Name/), 'Ada');
    await person.type(screen.getByLabelText('Phone'), '555 0110');
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    await person.clear(screen.getByLabelText(/^Name/));
    await person.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.getByLabelText(/^Name/)).toHaveAccessibleDescription('Enter a name');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
