import { queryOptions, useQuery } from "@tanstack/react-query";

import { customerSchema, type Customer } from "@lab/contracts";

import { apiRequest } from "@/lib/api-client";
import { getSession, updateCurrentUser } from "@/lib/auth";

export async function getCustomer(id: number): Promise<Customer> {
  const customer = await apiRequest(`/customers/${id}`, { schema: customerSchema });
  // Keep the stored current user in step with the server.
  if (getSession()?.user.id === customer.id) updateCurrentUser(customer);
  return customer;
}

export const customerQueryOptions = (id: number) =>
  queryOptions({ queryKey: ["customers", id], queryFn: () => getCustomer(id) });

export function useCustomer(id: number, enabled = true) {
  return useQuery({ ...customerQueryOptions(id), enabled });
}
