/** Rows of the system area's entities, as their list and page calls return them. */

export interface MenuItem {
  id: number;
  parentId: number | null;
  name: string;
  router: string | null;
  perms: string | null;
  /** 0 directory, 1 menu, 2 button. */
  type: 0 | 1 | 2;
  icon: string | null;
  orderNum: number;
  viewPath: string | null;
  keepAlive: boolean;
  isShow: boolean;
}

export interface Department {
  id: number;
  parentId: number | null;
  name: string;
  orderNum: number;
}

export interface Role {
  id: number;
  name: string;
  label: string;
  remark: string | null;
  relevance: boolean;
  menuIdList: number[];
  departmentIdList: number[];
  createTime: string;
}

export interface User {
  id: number;
  departmentId: number | null;
  username: string;
  name: string | null;
  nickName: string | null;
  email: string | null;
  phone: string | null;
  remark: string | null;
  status: number;
  roleIdList: number[];
  createTime: string;
}

export interface Page<T> {
  list: T[];
  pagination: { page: number; size: number; total: number };
}

export const MENU_PREFIX = '/admin/base/sys/menu';
export const DEPARTMENT_PREFIX = '/admin/base/sys/department';
export const USER_PREFIX = '/admin/base/sys/user';
export const ROLE_PREFIX = '/admin/base/sys/role';
export const LOG_PREFIX = '/admin/base/sys/log';
