import { baseApi } from '../../api/baseApi';
import type { SessionUser } from '../../api/appApi';

// What the session calls receive is generated from the Rust types (src/api/generated/session.ts).
import type {
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '../../api/generated/session';

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
    forgotPassword: build.mutation<unknown, ForgotPasswordRequest>({
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
