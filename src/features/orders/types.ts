/** Status of an order; any status but 'approved' can be approved (spec section 4). */
export type OrderStatus = 'pending' | 'paid' | 'approved' | 'cancelled';

/** An order of a lesson package, stored at `orders/{id}` (spec section 3). */
export interface Order {
  id: string;
  studentName: string;
  studentEmail: string;
  tutorName: string;
  tutorEmail: string;
  subjectName: string;
  /** Amount due, currency units (SGD) with 2 decimals, not negative. */
  total: number;
  status: OrderStatus;
  isUsed: boolean;
  /** Lessons bought, and lessons left (0 <= qtyLeft <= qty). */
  qty: number;
  qtyLeft: number;
  /** Epoch milliseconds. */
  createdAt: number;
  /** Epoch milliseconds after which unused lessons expire. */
  expiredDate: number;
  /** Epoch milliseconds of the last change (server time on approval). */
  updatedAt: number;
  isObsolete: boolean;
  /** Sort key; the list is read ordered by it (spec section 7). */
  order: number;
}
