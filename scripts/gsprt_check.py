# Hand check of the pentanomial GSPRT: fishtest's LLR_logistic transcribed
# (regularize, results_to_pdf, MLE_expected via the secular equation, LLR).
import math
def L(e): return 1/(1+10**(-e/400))
def secular(pdf):
    # solve sum p a/(1+x a) = 0 with Newton from 0 (pdf already shifted)
    x=0.0
    for _ in range(200):
        f=sum(p*a/(1+x*a) for a,p in pdf); df=-sum(p*a*a/(1+x*a)**2 for a,p in pdf)
        x-=f/df
    return x
def llr(results,e0,e1):
    r=[c if c else 1e-3 for c in results]; N=sum(r); l=len(r)
    pdf=[(i/(l-1),r[i]/N) for i in range(l)]
    def mle(s):
        x=secular([(a-s,p) for a,p in pdf]); return [p/(1+x*(a-s)) for a,p in pdf]
    q0,q1=mle(L(e0)),mle(L(e1))
    return N*sum(p*(math.log(b)-math.log(a)) for (_,p),a,b in zip(pdf,q0,q1))
for res in ([10,30,100,40,20],[20,60,200,80,40],[40,80,200,60,20]):
    print(res, llr(res,0,10))
p=[10,30,100,40,20]; N=sum(p); s=sum(c*i/4 for i,c in enumerate(p))/N; v=sum(c*(i/4-s)**2 for i,c in enumerate(p))/N
s0,s1=L(0),L(10); print(s,v,N*(s1-s0)*(2*s-s0-s1)/(2*v))
