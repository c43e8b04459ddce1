import { Pencil, RefreshCw, X } from "lucide-react";
import { useState } from "react";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardBody } from "@/components/ui/card";
import { LoadingState } from "@/components/ui/spinner";
import { useUser } from "@/lib/auth";

import { useCustomer } from "../api/get-customer";
import { profileErrorMessage } from "../utils/profile-errors";
import { AccountInformation } from "./account-information";
import { ChangePasswordSection } from "./change-password-section";
import { DefaultMarketsSection } from "./default-markets-section";
import { ProfileForm } from "./profile-form";

/** Spec section 2, "Customer Profile screen". */
export function CustomerProfile() {
  const user = useUser();
  if (!user) return null;
  return <CustomerProfileFor userId={user.id} />;
}

function CustomerProfileFor({ userId }: { userId: number }) {
  const storedUser = useUser();
  const query = useCustomer(userId);
  const [editing, setEditing] = useState(false);
  const customer = query.data ?? storedUser;

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold text-slate-900">Customer Profile</h1>
          <p className="text-sm text-slate-700">Manage your account information</p>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            icon={
              <RefreshCw
                aria-hidden="true"
                className={query.isFetching ? "h-4 w-4 animate-spin" : "h-4 w-4"}
              />
            }
          >
            Refresh
          </Button>
          <Button
            variant={editing ? "outline" : "primary"}
            onClick={() => setEditing((value) => !value)}
            disabled={!customer}
            icon={
              editing ? (
                <X aria-hidden="true" className="h-4 w-4" />
              ) : (
                <Pencil aria-hidden="true" className="h-4 w-4" />
              )
            }
          >
            {editing ? "Cancel" : "Edit"}
          </Button>
        </div>
      </div>

      {query.isError ? (
        <Alert tone="error" className="border-red-300 bg-red-50">
          {profileErrorMessage(query.error, "load")}
        </Alert>
      ) : null}

      {query.isPending && !query.isError ? (
        <LoadingState label="Loading profile..." />
      ) : customer ? (
        <Card>
          <CardBody className="space-y-6">
            <ProfileForm
              key={`${customer.updatedAt}-${String(editing)}`}
              customer={customer}
              editing={editing}
              idPrefix="profile"
              onSaved={() => setEditing(false)}
            />
            <AccountInformation customer={customer} />
          </CardBody>
        </Card>
      ) : null}

      {query.data ? (
        <Card>
          <CardBody>
            <DefaultMarketsSection
              // The saved markets are the starting point: a save or a refresh restarts from them.
              key={`${query.data.updatedAt}-${query.data.defaultMarkets.join(",")}`}
              customer={query.data}
            />
          </CardBody>
        </Card>
      ) : null}

      <Card>
        <CardBody>
          <ChangePasswordSection customerId={userId} idPrefix="profile" />
        </CardBody>
      </Card>
    </div>
  );
}
