// Generated from the Rust types by api/src/generated_types.rs; do not edit.

export type UserListItem = { id: string, firstname: string, lastname: string, email: string, picture: string | null, };

export type LoginRequest = { email: string | null, password: string | null, rememberMe: boolean, };

export type RegisterRequest = { firstname: string | null, lastname: string | null, email: string | null, password: string | null, confirmPassword: string | null, };

export type ForgotPasswordRequest = { email: string | null, };

export type ResetPasswordRequest = { resetToken: string | null, password: string | null, confirmPassword: string | null, };
