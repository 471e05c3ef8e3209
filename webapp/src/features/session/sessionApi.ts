import { baseApi } from '../../api/baseApi';
import type { SessionUser } from '../../api/appApi';

export interface LoginRequest {
  email: string;
  password: string;
  rememberMe: boolean;
}

export interface RegisterRequest {
  firstname: string;
  lastname: string;
  email: string;
  password: string;
  confirmPassword: string;
}

export interface ResetPasswordRequest {
  resetToken: string;
  password: string;
  confirmPassword: string;
}

/** Login, sign-up and password calls (spec 1 §7); they need no CSRF header before a session exists. */
export const sessionApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<SessionUser, LoginRequest>({
      query: (body) => ({ url: '/api/login', method: 'POST', body }),
      extraOptions: { envelope: true },
      transformResponse: (envelope: { data: SessionUser }) => envelope.data,
    }),
    register: build.mutation<unknown, RegisterRequest>({
      query: (body) => ({ url: '/api/register', method: 'POST', body }),
    }),
    forgotPassword: build.mutation<unknown, { email: string }>({
      query: (body) => ({ url: '/api/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<unknown, ResetPasswordRequest>({
      query: (body) => ({ url: '/api/reset-password', method: 'POST', body }),
    }),
  }),
});

export const {
  useLoginMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = sessionApi;
