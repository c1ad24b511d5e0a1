import { describe, expect, it } from 'vitest';
import { ListRows } from './eventStream';
import { restUrl } from './followList';

describe('ListRows', () => {
  it('the first put gives every row with its key as id', () => {
    const rows = new ListRows();
    expect(rows.put('/', { a: { name: 'A' }, b: { name: 'B' } })).toEqual({
      upserts: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      removals: [],
    });
    expect(new ListRows().put('/', null)).toEqual({ upserts: [], removals: [] });
  });

  it('a put or patch below the list gives the whole changed row; null removes', () => {
    const rows = new ListRows();
    rows.put('/', { a: { name: 'A', tags: { x: true } }, b: { name: 'B' } });
    expect(rows.put('/a/name', 'A2')).toEqual({
      upserts: [{ id: 'a', name: 'A2', tags: { x: true } }],
      removals: [],
    });
    expect(rows.put('/a/tags/x', null)).toEqual({
      upserts: [{ id: 'a', name: 'A2' }],
      removals: [],
    });
    expect(rows.patch('/', { 'b/name': 'B2', c: { name: 'C' }, 'a/name': null })).toEqual({
      upserts: [
        { id: 'b', name: 'B2' },
        { id: 'c', name: 'C' },
      ],
      removals: ['a'],
    });
    expect(rows.patch('/c', { name: 'C2', phone: '1' })).toEqual({
      upserts: [{ id: 'c', name: 'C2', phone: '1' }],
      removals: [],
    });
    expect(rows.patch('/c', { name: 'C2' })).toEqual({ upserts: [], removals: [] });
    expect(rows.put('/b', null)).toEqual({ upserts: [], removals: ['b'] });
    expect(rows.put('/missing', null)).toEqual({ upserts: [], removals: [] });
    expect(rows.size).toBe(1);
  });

  it("a later put of the whole list (a reconnection's) gives only what differs", () => {
    const rows = new ListRows();
    rows.put('/', { a: { name: 'A' }, b: { name: 'B' }, c: { name: 'C' } });
    expect(rows.put('/', { a: { name: 'A' }, b: { name: 'B2' }, d: { name: 'D' } })).toEqual({
      upserts: [
        { id: 'b', name: 'B2' },
        { id: 'd', name: 'D' },
      ],
      removals: ['c'],
    });
  });
});

describe('restUrl', () => {
  it('builds the REST URL of a path for each form of databaseURL', () => {
    expect(restUrl('https://demo-x-default-rtdb.firebaseio.com', 'lists/students')).toBe(
      'https://demo-x-default-rtdb.firebaseio.com/lists/students.json',
    );
    expect(restUrl('https://db1.europe-west1.firebasedatabase.app/', 'lists/orders')).toBe(
      'https://db1.europe-west1.firebasedatabase.app/lists/orders.json',
    );
    expect(
      restUrl(
        'http://127.0.0.1:9000?ns=demo-tuition-default-rtdb',
        'lists/students',
        '127.0.0.1:9000',
      ),
    ).toBe('http://127.0.0.1:9000/lists/students.json?ns=demo-tuition-default-rtdb');
    expect(restUrl('https://x.firebaseio.com', 'a b/c', 'localhost:9000')).toBe(
      'http://localhost:9000/a%20b/c.json?ns=x',
    );
  });
});
