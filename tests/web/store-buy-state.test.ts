import { describe, expect, it } from 'vitest';
import { buyState, firstInStock, maxQuantity, type BuyInput } from '../../web/src/workspace/store/buy-state';

const base: BuyInput = { signedIn: true, isOwner: false, bought: false, free: false, specs: [], quantity: 1 };
const specs = [
  { id: 1, stock: 0 },
  { id: 2, stock: 2 },
];

describe('goods page buy button', () => {
  it('offers the seller no buying', () => {
    expect(buyState({ ...base, isOwner: true, bought: null })).toBe('own');
  });
  it('waits for isPlaced, then says already bought', () => {
    expect(buyState({ ...base, bought: null })).toBe('checking');
    expect(buyState({ ...base, bought: true })).toBe('bought');
  });
  it('sends a visitor to sign in, unless nothing is left', () => {
    expect(buyState({ ...base, signedIn: false, bought: null })).toBe('signIn');
    expect(buyState({ ...base, signedIn: false, bought: null, specs: [{ id: 1, stock: 0 }] })).toBe('soldOut');
  });
  it('asks for a spec, refuses one short of the quantity', () => {
    expect(buyState({ ...base, specs })).toBe('chooseSpec');
    expect(buyState({ ...base, specs, specId: 2 })).toBe('buy');
    expect(buyState({ ...base, specs, specId: 2, quantity: 3 })).toBe('soldOut');
    expect(buyState({ ...base, specs, specId: 1 })).toBe('soldOut');
  });
  it('gets free goods at once, buys the others', () => {
    expect(buyState({ ...base, free: true })).toBe('getFree');
    expect(buyState(base)).toBe('buy');
  });
  it('chooses the first spec in stock and caps the quantity', () => {
    expect(firstInStock(specs)).toBe(2);
    expect(firstInStock([{ id: 1, stock: 0 }])).toBeUndefined();
    expect(maxQuantity(2)).toBe(2);
    expect(maxQuantity(5000)).toBe(999);
    expect(maxQuantity(0)).toBe(1);
    expect(maxQuantity(null)).toBe(1);
  });
});
