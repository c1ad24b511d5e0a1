import { pageItems } from './pagination';

describe('pageItems', () => {
  it.each([
    [0, 0, []],
    [0, 1, [0]],
    [0, 3, [0, 1, 2]],
    [0, 10, [0, 1, 'ellipsis', 9]],
    [4, 10, [0, 'ellipsis', 3, 4, 5, 'ellipsis', 9]],
    [9, 10, [0, 'ellipsis', 8, 9]],
    [2, 10, [0, 1, 2, 3, 'ellipsis', 9]],
  ])('page %i of %i pages gives %j', (index, count, expected) => {
    expect(pageItems(index, count)).toEqual(expected);
  });
});
