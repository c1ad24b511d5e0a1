/**
 * The page's side of an import worker (./parseWorker.ts): one request at a time, answered by a
 * promise; the check's progress goes to a callback. The worker is made by the feature (its
 * module names the specs) and ended with {@link ImportWorkerClient.close}.
 */
import type { CheckedLine, ImportRequest, ImportResponse } from './parseWorker';

type Answer<T extends ImportResponse['type']> = Extract<ImportResponse, { type: T }>;

/** See the module comment. */
export class ImportWorkerClient {
  private pending: {
    resolve: (response: ImportResponse) => void;
    reject: (error: Error) => void;
  } | null = null;
  private onProgress: ((rows: number, bytes: number) => void) | null = null;

  constructor(private readonly worker: Worker) {
    worker.onmessage = ({ data }: MessageEvent<ImportResponse>) => {
      if (data.type === 'progress') {
        this.onProgress?.(data.rows, data.bytes);
        return;
      }
      const pending = this.pending;
      this.pending = null;
      if (data.type === 'error') pending?.reject(new Error(data.message));
      else pending?.resolve(data);
    };
    worker.onerror = (event) => {
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new Error(event.message));
    };
  }

  private ask<T extends ImportResponse['type']>(request: ImportRequest): Promise<Answer<T>> {
    // One at a time: a newer request supersedes an unanswered one (its answer is dropped).
    this.pending?.reject(new Error('superseded'));
    return new Promise<Answer<T>>((resolve, reject) => {
      this.pending = { resolve: resolve as (r: ImportResponse) => void, reject };
      this.worker.postMessage(request);
    });
  }

  /** The header, the suggested (or given) mapping and the first lines checked. */
  preview(spec: string, file: File, mapping?: string[]) {
    return this.ask<'preview'>({ type: 'preview', spec, file, mapping });
  }

  /** Parses and checks the whole file; `onProgress(rows, bytes)` as it goes. */
  check(
    spec: string,
    file: File,
    mapping: string[],
    onProgress: (rows: number, bytes: number) => void,
  ) {
    this.onProgress = onProgress;
    return this.ask<'checked'>({ type: 'check', spec, file, mapping }).finally(() => {
      this.onProgress = null;
    });
  }

  /** Rows `start` .. `start + size` of those that passed the check. */
  chunk(start: number, size: number) {
    return this.ask<'chunk'>({ type: 'chunk', start, size });
  }

  close(): void {
    this.pending?.reject(new Error('closed'));
    this.pending = null;
    this.worker.terminate();
  }
}

export type { CheckedLine };
