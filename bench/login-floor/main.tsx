/**
 * The floor that the app's /login is compared with (bench/app.ts): an empty app with
 * the same stack and nothing else: React 19, a react-router data router, react-intl, Redux
 * Toolkit + redux-persist on IndexedDB (idb-keyval), react-toastify and Firebase Auth, and the
 * project's form system (react-hook-form with a zod schema through @hookform/resolvers, the one
 * way every form is written: README, Standards), with a sign-in form that uses each of them once
 * so that none is tree-shaken away. The schema uses zod/mini, as the app's sign-in screens do.
 */
import { configureStore, createSlice } from '@reduxjs/toolkit';
import { initializeApp } from 'firebase/app';
import { getAuth, onAuthStateChanged, signInWithEmailAndPassword } from 'firebase/auth';
import { createStore, del, get, set } from 'idb-keyval';
import { zodResolver } from '@hookform/resolvers/zod';
import { StrictMode } from 'react';
import { useForm } from 'react-hook-form';
import { createRoot } from 'react-dom/client';
import { FormattedMessage, IntlProvider } from 'react-intl';
import { Provider, useDispatch } from 'react-redux';
import { createBrowserRouter, RouterProvider } from 'react-router-dom';
import { ToastContainer, toast } from 'react-toastify';
import { persistReducer, persistStore, type Storage } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import * as z from 'zod/mini';

const idb = createStore('floor', 'redux');
const storage: Storage = {
  getItem: (key: string) => get<string>(key, idb),
  setItem: (key: string, value: string) => set(key, value, idb),
  removeItem: (key: string) => del(key, idb),
};
const session = createSlice({
  name: 'session',
  initialState: { uid: null as string | null },
  reducers: {
    signedIn: (state, action: { payload: string | null }) => ({ ...state, uid: action.payload }),
  },
});
const store = configureStore({
  reducer: { session: persistReducer({ key: 'session', storage }, session.reducer) },
  middleware: (getDefault) => getDefault({ serializableCheck: false }),
});
const persistor = persistStore(store);
const auth = getAuth(initializeApp({ apiKey: 'floor', projectId: 'floor' }));
onAuthStateChanged(auth, (user) => store.dispatch(session.actions.signedIn(user?.uid ?? null)));

const loginSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'E-mail is required')),
  password: z.string().check(z.minLength(1, 'Password is required')),
});

function Login() {
  const { register, handleSubmit, formState } = useForm({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '' },
  });
  const dispatch = useDispatch();
  return (
    <form
      onSubmit={handleSubmit(({ email, password }) =>
        signInWithEmailAndPassword(auth, email, password).then(
          (credential) => dispatch(session.actions.signedIn(credential.user.uid)),
          (error: Error) => toast.error(error.message),
        ),
      )}
    >
      <h1>
        <FormattedMessage id="title" />
      </h1>
      <input {...register('email')} aria-label="E-mail" />
      {formState.errors.email?.message}
      <input {...register('password')} type="password" aria-label="Password" />
      {formState.errors.password?.message}
      <button type="submit">Login</button>
    </form>
  );
}

const router = createBrowserRouter([{ path: '/login', Component: Login }]);

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <Provider store={store}>
      <PersistGate persistor={persistor}>
        <IntlProvider locale="en" messages={{ title: 'Login' }}>
          <RouterProvider router={router} />
          <ToastContainer />
        </IntlProvider>
      </PersistGate>
    </Provider>
  </StrictMode>,
);
