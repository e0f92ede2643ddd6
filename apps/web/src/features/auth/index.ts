/** What other features may use of auth (ADR 051): everything else here is its own. */
export { FormError, SubmitButton } from './form-parts.tsx';
export { PasswordField } from './password-field.tsx';
export { signupSex } from './profile-body.ts';
export { ProfileFields, profileValidators } from './profile-fields.tsx';
export type { ProfileField } from './profile-fields.tsx';
export { profileValues } from './profile-form.tsx';
export { schemaError, useFormFields } from './use-form-fields.ts';
export { fetchAccessToken } from './use-sign-in.ts';
export { useUpdateProfile } from './use-update-profile.ts';
