import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { ClientConfig } from '@xemchung/protocol';
import { requestJson } from '../lib/http.ts';

/**
 * The operator's settings from `GET /api/client-config` (SUPPORT_URL, CONTACT_EMAIL, SENTRY_DSN), read once per
 * page load, so one build serves every deployment. After a failure the next component that needs them asks again.
 */
export type ClientConfigState =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; config: ClientConfig }
  | { status: 'failed' };

const initialState = { status: 'idle' } as ClientConfigState;

export const loadClientConfig = createAsyncThunk(
  'clientConfig/load',
  () => requestJson<ClientConfig>('/api/client-config'),
  {
    // Every component that needs the settings may ask; only the first asks the server.
    condition: (_arg, { getState }) => {
      const { status } = (getState() as { clientConfig: ClientConfigState }).clientConfig;
      return status === 'idle' || status === 'failed';
    },
  },
);

export const clientConfigSlice = createSlice({
  name: 'clientConfig',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(loadClientConfig.pending, (): ClientConfigState => ({ status: 'loading' }))
      .addCase(
        loadClientConfig.fulfilled,
        (_state, action): ClientConfigState => ({
          status: 'ready',
          config: action.payload,
        }),
      )
      .addCase(loadClientConfig.rejected, (): ClientConfigState => ({ status: 'failed' }));
  },
});
