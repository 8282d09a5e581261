-- Games started with `hints:true` offer each player a Suggest button (the hard computer player's move).
ALTER TABLE "games" ADD COLUMN "hints" BOOLEAN NOT NULL DEFAULT false;
